/**
 * The import rules of ARCHITECTURE.md ("Layers"), checked by `pnpm lint:imports` (dependency-cruiser):
 * the packages' order, core importing nothing outside itself, the server's folders in one order
 * from the errors up to the CLI (a folder imports only folders below it), routes reaching
 * no store, no cycle among the server's modules, and no product file importing test support.
 * Tests (`*.test.ts`) and test support (a package's `test/` folder, `e2e/`) may import any layer.
 */

/** The server's layers, lowest first: each may import only those before it (and itself). */
const SERVER_LAYERS = [
  ['errors', 'errors/'],
  ['control', 'control/'],
  ['base', '(env|random-ids|secrets|settings)\\.ts$'],
  ['backend', 'backend/'],
  ['engines', 'engines/'],
  ['accounts', 'accounts/'],
  ['jobs', 'jobs/'],
  ['http', 'http/'],
  ['wire', 'wire/'],
  ['webhooks', 'webhooks/'],
  ['metrics', 'metrics/'],
  ['access', 'access/'],
  ['context', 'context\\.ts$'],
  ['routes', 'routes/'],
  ['app', 'app\\.ts$'],
  ['server', 'server\\.ts$'],
  ['cli', 'cli/'],
  ['index', 'index\\.ts$'],
];

const SERVER = '^packages/server/src/';
const TEST = '(\\.test\\.tsx?$|/test/|^e2e/)';
const path = (layer) => `${SERVER}${layer}`;

const layerRules = SERVER_LAYERS.slice(0, -1).map(([name, layer], index) => ({
  name: `server-layer-${name}`,
  comment: `${name} is below ${SERVER_LAYERS.slice(index + 1)
    .map(([above]) => above)
    .join(', ')}: it may not import them`,
  severity: 'error',
  from: { path: path(layer), pathNot: TEST },
  to: { path: SERVER_LAYERS.slice(index + 1).map(([, above]) => path(above)) },
}));

// A route takes what it needs, not the container: only the registries name ServerContext and pass it
// on. Nor does a route name the control plane (control.ts): it calls accounts/, access/ or jobs/.
// The backend's and the control plane's data types stay open to it (type-only), as to every layer.
layerRules.push({
  name: 'server-routes-take-what-they-need',
  comment: 'a route (but the registries) imports neither context.ts nor control/control.ts',
  severity: 'error',
  from: { path: path('routes/'), pathNot: [TEST, path('routes/(admin|app)/index\\.ts$')] },
  to: { path: [path('context\\.ts$'), path('control/control\\.ts$')] },
});
layerRules.push({
  name: 'server-routes-types-only-of-backend-and-control',
  comment: 'a route imports backend/ and control/ for their types only',
  severity: 'error',
  from: { path: path('routes/'), pathNot: TEST },
  to: { path: [path('backend/'), path('control/')], dependencyTypesNot: ['type-only'] },
});

module.exports = {
  forbidden: [
    {
      name: 'core-imports-only-core',
      comment: 'the engine is pure and stands alone: no other package, no runtime dependency',
      severity: 'error',
      from: { path: '^packages/core/src/', pathNot: TEST },
      to: { pathNot: ['^packages/core/src/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'adapters-import-only-core',
      comment: 'testing, sqlite and redis build on core alone',
      severity: 'error',
      from: { path: '^packages/(testing|sqlite|redis)/src/', pathNot: TEST },
      to: { path: '^packages/(server|dashboard|testing|sqlite|redis)/', pathNot: '^packages/$1/' },
    },
    {
      name: 'server-imports-no-dashboard-or-test-kit',
      comment: 'the server builds on core, sqlite and redis; the dashboard is served as files, never imported',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: TEST },
      to: { path: '^packages/(dashboard|testing)/' },
    },
    {
      name: 'dashboard-imports-no-server',
      comment: 'the dashboard speaks to the server over HTTP only (and takes the key rule from core)',
      severity: 'error',
      from: { path: '^packages/dashboard/src/', pathNot: TEST },
      to: { path: '^packages/(server|sqlite|redis|testing)/' },
    },
    {
      name: 'routes-reach-no-store',
      comment: 'a route asks an engine or the control plane, never a store (types of the backend only)',
      severity: 'error',
      from: { path: path('routes/'), pathNot: TEST },
      to: {
        path: ['^packages/(sqlite|redis)/', path('backend/'), 'node_modules/(better-sqlite3|ioredis)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-test-support-in-product',
      comment: 'a shipped file never imports a test or test support',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: TEST },
      to: { path: TEST },
    },
    {
      name: 'server-no-cycle',
      comment: 'no cycle among the server modules (types included)',
      severity: 'error',
      from: { path: SERVER, pathNot: TEST },
      to: { circular: true },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '^e2e/\\.generated/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
