/** The dashboard's hash routes: `#/overview`, `#/attributes`, `#/users/:id`, `#/points/:id`, … */

export type Route =
  | { page: 'overview' }
  | { page: 'metrics' }
  | { page: 'streak' }
  | { page: 'achievements' }
  | { page: 'attributes' }
  | { page: 'keys' }
  | { page: 'webhooks' }
  | { page: 'tenants' }
  | { page: 'users'; id: string | null }
  | { page: 'points'; id: string | null }
  | { page: 'sign-in' }
  | { page: 'not-found'; path: string };

const simplePages = [
  'overview',
  'metrics',
  'streak',
  'achievements',
  'attributes',
  'keys',
  'webhooks',
  'tenants',
  'sign-in',
] as const;

/** Reads a route from a location hash such as `#/users/ana%40example.com`. An empty hash is the overview. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  if (path === '') return { page: 'overview' };
  const [head, ...rest] = path.split('/');
  if (head === 'users' || head === 'points') {
    const id = rest.join('/');
    return { page: head, id: id === '' ? null : safeDecode(id) };
  }
  const simple = simplePages.find((page) => page === head);
  if (simple && rest.length === 0) return { page: simple };
  return { page: 'not-found', path };
}

/** The hash of a user's page. */
export function userHref(id: string): string {
  return `#/users/${encodeURIComponent(id)}`;
}

/** The hash of a points system's page. */
export function pointsSystemHref(id: string): string {
  return `#/points/${encodeURIComponent(id)}`;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
