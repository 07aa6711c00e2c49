/**
 * The Fastify application: limits (body size, timeouts, open connections), validation,
 * authentication, the one error mapping (also for what Node refuses before Fastify sees it, and
 * while stopping), the OpenAPI document and reference page, the dashboard, and every route.
 * `buildApp` is the list of its steps, each a `register*` function below, in the order Fastify
 * needs: the error handler before any plugin (a plugin's scope keeps the one it finds), the route
 * hook before any route (each route gets its hooks when it is registered), the routes before the
 * dashboard's static files.
 */
import { existsSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { adminRoutes } from './routes/admin/index.js';
import { appRoutes } from './routes/app/index.js';
import { notSupportedRoutes } from './routes/not-supported.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { checkBodyActsFor } from './access/acts-for.js';
import { countAnswers } from './metrics/answer-metrics.js';
import { SESSION_COOKIE } from './access/auth.js';
import { admission, hooksOf, refuseBodyEncoding, refuseUnready } from './access/admission.js';
import { BODY_LIMIT } from './http/body-limit.js';
import { answerClientError, answerConnect, answerExpectation } from './http/client-errors.js';
import { capConnections, connectionCap, httpServerOptions, readOpenFileLimit } from './http/connections.js';
import type { ServerContext } from './context.js';
import { HttpError, toErrorReply } from './errors/errors.js';
import { parseJsonBody } from './http/json-body.js';
import { declareLayerErrors } from './http/layer-errors.js';
import { throttledLog } from './http/log-throttle.js';
import { errorBody } from './http/schemas.js';
import { REQUEST_ID, requestIdOf } from './http/request-id.js';
import { NOT_A_PAGE, securityHeadersOf } from './http/security-headers.js';
import type { SchemaTypes } from './http/typed-app.js';
import { compileValidator } from './http/validation.js';

/** How often a stopping server closes the connections that went idle. */
const IDLE_SWEEP_MS = 50;

export { BODY_LIMIT };

export async function buildApp(ctx: ServerContext): Promise<FastifyInstance> {
  const app = newFastify(ctx);
  registerConnectionLimits(app, ctx);
  registerParsers(app);
  registerErrorMapping(app, ctx);
  const isStopping = registerStopping(app);
  registerAnswerMetrics(app, ctx);
  const dashboard = ctx.settings.dashboardDir;
  const servesDashboard = dashboard !== null && existsSync(dashboard);
  registerRouteHooks(app, ctx, isStopping, servesDashboard);
  await registerOpenApi(app);
  registerNotFound(app, isStopping);
  await registerRoutes(app, ctx);
  await registerHome(app, servesDashboard ? dashboard : null);
  return app;
}

/** The Fastify instance with its limits (body size, timeouts), the error answer of what the router refuses, the log and the request's id. */
function newFastify(ctx: ServerContext): FastifyInstance {
  const { timeouts } = ctx.settings;
  return Fastify({
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 16_384 },
    // The client of a request (its sign-in limits) is the connection's address unless it comes from a proxy named in the settings.
    ...(ctx.settings.trustProxy.length > 0 ? { trustProxy: ctx.settings.trustProxy } : {}),
    http: { ...httpServerOptions(timeouts), requireHostHeader: false },
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Stopping answers 503 NOT_READY itself (registerStopping, admission.ts), in the one error shape.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    // A URL the router cannot decode is answered by the same error mapping as everything else.
    frameworkErrors: (error, request, reply) => {
      const answer = toErrorReply(error);
      void (reply as FastifyReply)
        .code(answer.status)
        .headers(NOT_A_PAGE)
        .header(REQUEST_ID, request.id)
        .headers(answer.headers)
        .send(answer.body);
    },
    logger: ctx.settings.logLevel === 'silent' ? false : { level: ctx.settings.logLevel },
    // the client's Request-Id when sane, else a fresh one (request-id.ts): in every log line of the request
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
}

/** What Node answers before Fastify sees a request (Expect, CONNECT), and the cap on open connections. */
function registerConnectionLimits(app: FastifyInstance, ctx: ServerContext): void {
  app.server.on('checkExpectation', answerExpectation);
  app.server.on('connect', answerConnect);
  capConnections(app.server, connectionCap(ctx.settings.maxConnections, readOpenFileLimit()), app.log);
}

/** Bodies read as strict JSON only, validated by the project's compiler; the request's caller slot; the error body's schema. */
function registerParsers(app: FastifyInstance): void {
  // Bodies are JSON: text/plain is refused with 415 like every other type, not read as a string.
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parseJsonBody);
  app.setValidatorCompiler(compileValidator);
  app.decorateRequest('caller', null);
  app.addSchema(errorBody);
}

/**
 * The one mapping of errors to `{ error, code }`, logging only failures. Set before any plugin is
 * registered: a plugin's scope takes the error handler it finds then, and every error, the
 * reference page's too, has the one shape.
 */
function registerErrorMapping(app: FastifyInstance, ctx: ServerContext): void {
  // one line a second while the store is down, however many requests it fails
  const logUnavailable = throttledLog(1000, ctx.clock);
  // and one a second while a damaged store fails requests: an error, for no retry mends it
  const logDamaged = throttledLog(1000, ctx.clock);
  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorReply(error, request.routeOptions.config.invalidInput);
    // Failures only: INTERNAL is a bug, STORE_DAMAGED a damaged store, a 503 a store that did not
    // answer. Every other answer,
    // 501 NOT_SUPPORTED too, is one the server chose, and any caller could fill the log with it.
    if (answer.body.code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
    else if (answer.body.code === 'STORE_DAMAGED')
      logDamaged((skipped) =>
        request.log.error(
          { err: error, skipped },
          `the store is damaged (${skipped} more such answers since the last line)`,
        ),
      );
    else if (answer.status === 503)
      logUnavailable((skipped) =>
        request.log.warn(
          { err: error, skipped },
          `the store is unavailable (${skipped} more such answers since the last line)`,
        ),
      );
    void reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

/**
 * Stopping: from the close on, requests are refused (the admission hook and the 404 ask the
 * answer) and each kept-alive connection is closed as soon as it is idle. Answers whether the
 * server is stopping.
 */
function registerStopping(app: FastifyInstance): () => boolean {
  let stopping = false;
  /** While stopping: closes each kept-alive connection as soon as it is idle (its answer sent). */
  let closingIdle: NodeJS.Timeout | null = null;
  app.addHook('preClose', async () => {
    stopping = true;
    // Node closes the connections idle when the server closes, once; a connection whose request was
    // in flight then becomes idle and would stay open for its keep-alive timeout (72 s), and the
    // stop with it. So idle connections are closed again and again until the server has closed.
    closingIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    closingIdle.unref();
  });
  app.addHook('onClose', async () => {
    if (closingIdle !== null) clearInterval(closingIdle);
  });
  return () => stopping;
}

/** With metrics on, each answer counted by route pattern and status. Metrics off: no hook at all, so an answer costs nothing more. */
function registerAnswerMetrics(app: FastifyInstance, ctx: ServerContext): void {
  if (ctx.metrics !== null) app.addHook('onResponse', countAnswers(ctx.metrics));
}

/**
 * Each route (the plugins' too) gets the hooks it needs when it is registered, with what it
 * declared bound in: admission (authentication, access, security headers), the refusal of a body's
 * coding, the check of a body naming a user. No route runs a hook that has nothing to do on it
 * (decision 025: the cached streak read ran four hooks, and now runs one).
 */
function registerRouteHooks(
  app: FastifyInstance,
  ctx: ServerContext,
  isStopping: () => boolean,
  servesDashboard: boolean,
): void {
  app.addHook('onRoute', (route) => {
    declareLayerErrors(route);
    // a route that answers invalid input with 422 says so in its contract, or the server does not start
    const declared = route.schema?.response as Record<string, unknown> | undefined;
    if (route.config?.invalidInput === 422 && declared?.['422'] === undefined && declared?.[422] === undefined)
      throw new Error(`${route.url} answers invalid input with 422 but does not declare 422 among its errors`);
    route.onRequest = [
      admission(ctx, route.config ?? {}, isStopping, securityHeadersOf(route.url, servesDashboard)),
      ...hooksOf(route.onRequest),
    ];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // Fastify reads no body of a GET or HEAD: there is no coding to refuse.
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD'))
      route.preParsing = [refuseBodyEncoding, ...hooksOf(route.preParsing)];
    // A key bound to a user: the path and query are checked in authorize; a body naming a user is
    // checked before the handler of the routes that take one.
    if (!route.url.startsWith('/admin/') && methods.some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH'))
      route.preHandler = [...hooksOf(route.preHandler), checkBodyActsFor];
  });
}

/** The OpenAPI document's plugin and the reference page at /docs (without its OAuth2 helper page). */
async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kindling',
        version: '0.1.0',
        description: 'Streaks over HTTP: record events, read streaks, configure an account.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-KEY' },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'the dashboard session (admin routes; writes also need the X-Kindling-CSRF header); named __Host-kindling_session over https',
          },
        },
      },
      security: [{ apiKey: [] }],
    },
    // Shared schemas keep their $id as their name in components.schemas.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  // The reference's helper page for OAuth2 sign-in (an inline script that posts to its opener) is in
  // its static folder; no security scheme of this API uses OAuth2, so it is not served at all.
  app.get('/docs/static/oauth2-redirect.html', { schema: { hide: true } }, async () => {
    throw new HttpError('NOT_FOUND', 'no route GET /docs/static/oauth2-redirect.html');
  });
}

/** A request no route takes is still refused while stopping and without a Host header, before the 404. */
function registerNotFound(app: FastifyInstance, isStopping: () => boolean): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.headers(NOT_A_PAGE).header(REQUEST_ID, request.id);
    refuseUnready(request, reply, isStopping());
    throw new HttpError('NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`);
  });
}

/** Every route: health, metrics, the application API, the admin API (with its cookie), what is not supported, the document. */
async function registerRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  // Each route's request and reply types come from its schemas; the 2xx answers are serialised with them.
  const typed = app.withTypeProvider<SchemaTypes>();
  healthRoutes(typed, ctx);
  if (ctx.metrics !== null) metricsRoutes(typed, ctx.metrics);
  appRoutes(typed, ctx);
  // Only the admin API sets the dashboard's session cookie: the plugin's hook that writes it stays in
  // that scope, and it parses none (auth.ts reads the session cookie where a route takes one).
  await app.register(async (scope) => {
    await scope.register(fastifyCookie, { hook: false });
    adminRoutes(scope.withTypeProvider<SchemaTypes>(), ctx);
  });
  notSupportedRoutes(typed);
  // The document, also at the paths where the hosted service serves its own (one per API; both
  // APIs are in this one), open to anyone as /openapi.json is.
  for (const url of ['/openapi.json', '/v1/openapi', '/admin/v1/openapi'])
    app.get(url, { schema: { hide: true } }, async () => app.swagger());
}

/** What `/` serves: the dashboard's static files from `dashboard` when it is there, else where to find the rest. */
async function registerHome(app: FastifyInstance, dashboard: string | null): Promise<void> {
  if (dashboard !== null) {
    await app.register(fastifyStatic, { root: dashboard, prefix: '/', wildcard: false, index: 'index.html' });
  } else {
    app.get('/', { schema: { hide: true } }, async () => ({
      name: 'kindling',
      docs: '/docs',
      openapi: '/openapi.json',
      dashboard: 'not built: run pnpm build',
    }));
  }
}
