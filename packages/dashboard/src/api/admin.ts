/** One function per admin route the dashboard uses (docs/http-api.md, "Admin API"). */
import { request } from './client';
import type {
  Account,
  Achievement,
  AchievementChange,
  ApiKey,
  Attribute,
  CreatedApiKey,
  CreatedAttributes,
  DeletedAttributes,
  Issue,
  Metric,
  NewAchievement,
  NewPointsBoost,
  NewPointsLevel,
  NewPointsSystem,
  NewPointsTrigger,
  Pause,
  PointsBoost,
  PointsBoostChange,
  PointsLevel,
  PointsLevelChange,
  PointsSystem,
  PointsTrigger,
  PointsTriggerChange,
  Rebuild,
  StreakAnalytics,
  PointsAnalytics,
  StreakRule,
  StreakSettings,
  Tenant,
  UserDetails,
  NewAttribute,
  UpdatedAttributes,
  UserPage,
  Webhook,
  WebhookType,
  CreatedWebhook,
  Delivery,
  DeliveryPage,
} from './types';

const base = '/admin/v1';
const ids = (list: readonly string[]) => list.map(encodeURIComponent).join(',');

export const readSession = () => request<{ account: Account }>('GET', `${base}/session`, { allowUnauthorized: true });
export const signIn = (credentials: { password: string } | { key: string }) =>
  request<{ account: Account }>('POST', `${base}/session`, { body: credentials, allowUnauthorized: true });
export const signOut = () => request<void>('DELETE', `${base}/session`, { allowUnauthorized: true });

/** The largest page the admin lists that page by `limit` and `skip` answer. */
const PAGE = 100;

/** Every item of an admin list that pages by `limit` and `skip`, a page at a time (each list is bounded per account). */
async function readEveryPage<T>(path: string, query = ''): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const page = await request<T[]>('GET', `${base}${path}?limit=${PAGE}&skip=${all.length}${query}`);
    all.push(...page);
    if (page.length < PAGE) return all;
  }
}

/** Every metric of the account (archived ones too when asked), in the order made. */
export const listMetrics = (includeArchived = false) =>
  readEveryPage<Metric>('/metrics', includeArchived ? '&includeArchived=true' : '');
export const createMetric = (metric: { name: string; key?: string }) =>
  request<{ created: Metric[]; issues: Issue[] }>('POST', `${base}/metrics`, { body: [metric] });
export const archiveMetrics = (metricIds: readonly string[]) =>
  request<{ deleted: Array<{ id: string }>; issues: Issue[] }>('DELETE', `${base}/metrics?ids=${ids(metricIds)}`);

export const readStreakSettings = () => request<StreakSettings>('GET', `${base}/streak`);
export const saveStreakRule = (rule: StreakRule) => request<StreakSettings>('PUT', `${base}/streak`, { body: rule });
export const readRebuild = () => request<Rebuild>('GET', `${base}/streak/rebuild`);

export const listAchievements = (includeArchived = false) =>
  request<Achievement[]>('GET', `${base}/achievements${includeArchived ? '?includeArchived=true' : ''}`);
export const createAchievement = (achievement: NewAchievement) =>
  request<{ created: Achievement[]; issues: Issue[]; rebuild: Rebuild | null }>('POST', `${base}/achievements`, {
    body: [achievement],
  });
export const updateAchievement = (change: AchievementChange) =>
  request<{ updated: Achievement[]; issues: Issue[]; rebuild: Rebuild | null }>('PATCH', `${base}/achievements`, {
    body: [change],
  });
export const archiveAchievements = (achievementIds: readonly string[]) =>
  request<{ deleted: Array<{ id: string }>; issues: Issue[] }>(
    'DELETE',
    `${base}/achievements?ids=${ids(achievementIds)}`,
  );

/** Every points system of the account (archived ones too when asked), in the order made. */
export const listPointsSystems = (includeArchived = false) =>
  readEveryPage<PointsSystem>('/points', includeArchived ? '&includeArchived=true' : '');
export const readPointsSystem = (id: string) =>
  request<PointsSystem>('GET', `${base}/points/${encodeURIComponent(id)}`);
export const createPointsSystem = (system: NewPointsSystem) =>
  request<{ created: PointsSystem[]; issues: Issue[] }>('POST', `${base}/points`, { body: [system] });
export const archivePointsSystems = (systemIds: readonly string[]) =>
  request<{ deleted: Array<{ id: string }>; issues: Issue[] }>('DELETE', `${base}/points?ids=${ids(systemIds)}`);

/** The routes of one kind of part of a points system (`/admin/v1/points/:systemId/<part>`): list, create, change, delete. */
function pointsParts<T, New, Change>(part: 'triggers' | 'levels' | 'boosts') {
  const path = (systemId: string) => `/points/${encodeURIComponent(systemId)}/${part}`;
  return {
    /** every one of the system's, in the order made */
    list: (systemId: string) => readEveryPage<T>(path(systemId)),
    create: (systemId: string, item: New) =>
      request<{ created: T[]; issues: Issue[] }>('POST', `${base}${path(systemId)}`, { body: [item] }),
    update: (systemId: string, change: Change) =>
      request<{ updated: T[]; issues: Issue[] }>('PATCH', `${base}${path(systemId)}`, { body: [change] }),
    remove: (systemId: string, partIds: readonly string[]) =>
      request<{ deleted: Array<{ id: string }>; issues: Issue[] }>(
        'DELETE',
        `${base}${path(systemId)}?ids=${ids(partIds)}`,
      ),
  };
}

/** A system's triggers; `remove` archives them (the awards made keep naming them). */
export const pointsTriggers = pointsParts<PointsTrigger, NewPointsTrigger, PointsTriggerChange>('triggers');
export const pointsLevels = pointsParts<PointsLevel, NewPointsLevel, PointsLevelChange>('levels');
export const pointsBoosts = pointsParts<PointsBoost, NewPointsBoost, PointsBoostChange>('boosts');

/** Every custom attribute of the account, in the order declared. */
export const listAttributes = () => readEveryPage<Attribute>('/attributes');
export const createAttribute = (attribute: NewAttribute) =>
  request<CreatedAttributes>('POST', `${base}/attributes`, { body: [attribute] });
export const renameAttribute = (id: string, name: string) =>
  request<UpdatedAttributes>('PATCH', `${base}/attributes`, { body: [{ id, name }] });
export const deleteAttributes = (attributeIds: readonly string[]) =>
  request<DeletedAttributes>('DELETE', `${base}/attributes?ids=${ids(attributeIds)}`);

/** The keys shown at a time: an application key is made per user, so the list grows with the users. */
export const KEYS_PAGE = 100;
/** A page of the account's keys, in the order they were made. */
export const listKeys = (skip: number) => request<ApiKey[]>('GET', `${base}/keys?limit=${KEYS_PAGE}&skip=${skip}`);
export const createKey = (key: { name: string; kind: ApiKey['kind'] }) =>
  request<CreatedApiKey>('POST', `${base}/keys`, { body: key });
export const revokeKey = (id: string) => request<ApiKey>('DELETE', `${base}/keys/${encodeURIComponent(id)}`);

export const listTenants = () => request<Tenant[]>('GET', `${base}/tenants?limit=100`);
export const createTenant = (tenant: { customerId: string; name: string }) =>
  request<{ created: Tenant[]; issues: Issue[] }>('POST', `${base}/tenants`, { body: [tenant] });
export const renameTenant = (id: string, name: string) =>
  request<{ updated: Tenant[]; issues: Issue[] }>('PATCH', `${base}/tenants`, { body: [{ id, name }] });
export const deleteTenants = (tenantIds: readonly string[]) =>
  request<{ deleted: Array<{ id: string }>; issues: Issue[] }>('DELETE', `${base}/tenants?ids=${ids(tenantIds)}`);

export const listWebhooks = () => request<Webhook[]>('GET', `${base}/webhooks`);
export const createWebhook = (webhook: { url: string; types: WebhookType[] }) =>
  request<CreatedWebhook>('POST', `${base}/webhooks`, { body: webhook });
export const updateWebhook = (id: string, change: { url?: string; types?: WebhookType[]; enabled?: boolean }) =>
  request<Webhook>('PATCH', `${base}/webhooks/${encodeURIComponent(id)}`, { body: change });
export const deleteWebhook = (id: string) => request<Webhook>('DELETE', `${base}/webhooks/${encodeURIComponent(id)}`);
export const listDeliveries = (id: string, cursor: string | null) =>
  request<DeliveryPage>(
    'GET',
    `${base}/webhooks/${encodeURIComponent(id)}/deliveries?limit=20${cursor !== null ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );
export const resendDelivery = (id: string, deliveryId: string) =>
  request<Delivery>(
    'POST',
    `${base}/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
  );

export const grantFreezes = (userId: string, count: number) =>
  request<{ issues: Issue[] }>('POST', `${base}/streaks/freezes`, {
    body: { freezes: Array.from({ length: count }, () => ({ userId })) },
  });
export const addPause = (pause: { userId: string; start: string; end: string }) =>
  request<{ created: Pause[]; issues: Issue[] }>('POST', `${base}/streaks/pauses`, { body: { pauses: [pause] } });
export const removePauses = (pauseIds: readonly string[]) =>
  request<{ deleted: Array<{ id: string }>; issues: Issue[] }>('DELETE', `${base}/streaks/pauses?ids=${ids(pauseIds)}`);
export const restoreStreak = (userId: string) =>
  request<{ restoredUsers: unknown[]; issues: Issue[] }>('POST', `${base}/streaks/restore`, {
    body: { users: [{ id: userId }] },
  });

export const readStreakAnalytics = (days: number, top = 10) =>
  request<StreakAnalytics>('GET', `${base}/analytics/streaks?top=${top}&days=${days}`);

/** A live points system's spread of totals (eleven ranges) and its users per level. */
export const readPointsAnalytics = (systemId: string) =>
  request<PointsAnalytics>('GET', `${base}/analytics/points/${encodeURIComponent(systemId)}`);
/** A page of users after the cursor `after` (null: from the start), found by `search` when given. */
export const listUsers = (options: { after: string | null; search: string; limit?: number }) => {
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.after !== null) query.set('after', options.after);
  if (options.search !== '') query.set('search', options.search);
  const text = query.toString();
  return request<UserPage>('GET', `${base}/users${text === '' ? '' : `?${text}`}`);
};
export const readUser = (id: string) => request<UserDetails>('GET', `${base}/users/${encodeURIComponent(id)}`);
