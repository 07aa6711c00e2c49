import type { Route } from '../lib/route';
import { AchievementsPage } from '../pages/AchievementsPage';
import { AttributesPage } from '../pages/AttributesPage';
import { KeysPage } from '../pages/KeysPage';
import { MetricsPage } from '../pages/MetricsPage';
import { OverviewPage } from '../pages/OverviewPage';
import { PointsPage } from '../pages/PointsPage';
import { PointsSystemPage } from '../pages/PointsSystemPage';
import { StreakPage } from '../pages/StreakPage';
import { TenantsPage } from '../pages/TenantsPage';
import { UserPage } from '../pages/UserPage';
import { UsersPage } from '../pages/UsersPage';
import { WebhooksPage } from '../pages/WebhooksPage';
import { PageHeading } from './PageHeading';

/** The page of a route, for a signed-in owner. */
export function Pages({ route }: { route: Route }) {
  switch (route.page) {
    case 'overview':
      return <OverviewPage />;
    case 'sign-in':
      return null; // App leaves the sign-in route for the page the user was going to.
    case 'metrics':
      return <MetricsPage />;
    case 'streak':
      return <StreakPage />;
    case 'achievements':
      return <AchievementsPage />;
    case 'points':
      return route.id === null ? <PointsPage /> : <PointsSystemPage key={route.id} systemId={route.id} />;
    case 'attributes':
      return <AttributesPage />;
    case 'keys':
      return <KeysPage />;
    case 'webhooks':
      return <WebhooksPage />;
    case 'tenants':
      return <TenantsPage />;
    case 'users':
      return route.id === null ? <UsersPage /> : <UserPage key={route.id} userId={route.id} />;
    case 'not-found':
      return (
        <>
          <PageHeading title="Not found">Page not found</PageHeading>
          <p>
            There is no page at <code>#/{route.path}</code>. Go to the <a href="#/overview">overview</a>.
          </p>
        </>
      );
  }
}
