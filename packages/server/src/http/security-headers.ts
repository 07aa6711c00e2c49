/**
 * The security headers of every answer (defence in depth: the API answers JSON, and the dashboard
 * and the API reference are pages a browser renders). Every answer carries
 * `X-Content-Type-Options: nosniff`: a browser takes an answer for the type it says it is, so no
 * JSON, script or stylesheet of the server is ever read as a page or a script it is not.
 *
 * A page (the dashboard's, the API reference) also carries:
 *
 * - `Referrer-Policy: no-referrer`: the dashboard links nowhere else, and its URLs (a user's id in
 *   the fragment of `#/users/…`, a search) are nobody else's business, so nothing is sent;
 * - `X-Frame-Options: DENY` and the policy's `frame-ancestors 'none'`: no page may frame the
 *   dashboard (clickjacking of its buttons); the first for browsers that predate the second;
 * - a `Content-Security-Policy`: the dashboard's page exactly what its build loads (its module
 *   script and stylesheet from the server, its calls to the API on the server; system fonts, no
 *   images, no inline script or style), the reference page what its scripts and stylesheet need.
 *
 * An answer that is not a page has nothing to frame, no link to follow and, with nosniff, no way to
 * be rendered as a page: those three would only weigh on every answer. Counted on the cached streak
 * read (bench:instructions), each header costs about 2,900 instructions of the main thread, 3% of
 * the read's work: the four on every answer took it from 93.8k to 105.2k (decision 030).
 *
 * Each route's set is chosen once, when the route is registered (app.ts), and set by the route's
 * first hook (admission.ts): no hook of its own, and no onSend hook, which would take every answer
 * off Fastify's quicker path (decision 025). The answers no route gives (404, a URL the router
 * cannot decode, what Node refuses before Fastify) set the same headers where they are written.
 */

/** What every page carries besides its policy. */
const EVERY_PAGE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

const policy = (directives: Record<string, string>): string =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');

/** An answer that is not a page (JSON, a script, a stylesheet): read only as the type it says. */
export const NOT_A_PAGE: Readonly<Record<string, string>> = { 'x-content-type-options': 'nosniff' };

/**
 * The dashboard's page: its module script and stylesheet (the build's `/assets/…`), its fetches of
 * the API, all from the server; no fonts (system fonts), no images (a badge URL is shown as text),
 * no inline script or style (React's `style` props would be set through the DOM, which a policy
 * allows; the build has none). Forms are handled by script, `form-action` keeps a stray submit home.
 */
export const DASHBOARD_PAGE: Readonly<Record<string, string>> = {
  ...EVERY_PAGE,
  'content-security-policy': policy({
    'default-src': "'none'",
    'script-src': "'self'",
    'style-src': "'self'",
    'img-src': "'self'",
    'connect-src': "'self'",
    'base-uri': "'none'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  }),
};

/**
 * The one `<style>` element the reference's script (swagger-ui-bundle.js of @fastify/swagger-ui 6)
 * adds, by its hash: a new version of the bundle that adds another fails the browser test of the
 * policy (e2e/dashboard-security-policy.test.ts), which names the hash to put here.
 */
const REFERENCE_INLINE_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The API reference (/docs, @fastify/swagger-ui): its scripts and stylesheets from the server, the
 * one style element its script adds, the document from /docs/json, the icons its stylesheet holds
 * as data: URLs, its logo a data: URL. Its "Try it out" calls go to the server too.
 */
export const REFERENCE_PAGE: Readonly<Record<string, string>> = {
  ...EVERY_PAGE,
  'content-security-policy': policy({
    'default-src': "'none'",
    'script-src': "'self'",
    'style-src': `'self' ${REFERENCE_INLINE_STYLE}`,
    'img-src': "'self' data:",
    'connect-src': "'self'",
    'base-uri': "'none'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  }),
};

/** The reference's page (`/docs/`, and `/docs` where it answers the page rather than a redirect). */
const REFERENCE_PAGE_URL = /^\/docs\/?$/;
/** The dashboard's page: `/` (its index) and `/index.html`. */
const DASHBOARD_PAGE_URL = /^\/(index\.html)?$/;

/** The headers of the answers of the route at `url`, chosen when it is registered. */
export function securityHeadersOf(url: string, dashboard: boolean): Readonly<Record<string, string>> {
  if (REFERENCE_PAGE_URL.test(url)) return REFERENCE_PAGE;
  if (dashboard && DASHBOARD_PAGE_URL.test(url)) return DASHBOARD_PAGE;
  return NOT_A_PAGE;
}

/** The same headers as lines of a raw HTTP answer, for what Node refuses before Fastify. */
export const NOT_A_PAGE_LINES: readonly string[] = Object.entries(NOT_A_PAGE).map(
  ([name, value]) => `${name.replace(/(^|-)[a-z]/g, (c) => c.toUpperCase())}: ${value}`,
);
