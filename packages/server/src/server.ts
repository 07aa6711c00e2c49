/**
 * Starting and stopping the service: open the backend, create the first account on first start,
 * listen; on stop, finish in-flight requests, write pending counters, close the stores.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServerContext } from './context.js';
import { KeyCache } from './access/key-cache.js';
import { RateLimiter } from './access/rate-limit.js';
import { Metrics } from './metrics/metrics.js';
import { HashingSlots } from './access/hashing-slots.js';
import { SharedLimits } from './access/shared-limits.js';
import { TenantCache } from './access/tenant-cache.js';
import { SIGN_IN_BURST, SIGN_IN_PER_SECOND, SIGN_IN_RECORD, SignInLimits } from './access/sign-in-limits.js';
import { bootstrap, type NewAccount } from './accounts/accounts.js';
import { Activity } from './engines/activity.js';
import { openBackend } from './backend/backend.js';
import { Engines } from './engines/engines.js';
import { ReadCache } from './engines/read-cache.js';
import { Rebuilds } from './jobs/rebuilds.js';
import { Relay } from './webhooks/relay.js';
import { Sweeper } from './jobs/sweeper.js';
import { IdempotencyForgetter } from './jobs/forget-idempotency.js';
import type { Settings } from './settings.js';

const HOUR_MS = 3_600_000;

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly ctx: ServerContext;
  /** http://host:port */
  readonly url: string;
  /** the account, keys and metric made on first start (keys shown once), else null */
  readonly firstStart: NewAccount | null;
  close(): Promise<void>;
}

/** The server could not listen where its settings say; `code` names why (the CLI prints it with --json). */
export class ListenError extends Error {
  constructor(
    readonly code: 'PORT_IN_USE' | 'ADDRESS_NOT_AVAILABLE' | 'PORT_NOT_ALLOWED',
    message: string,
  ) {
    super(message);
  }
}

/** The listen failures an operator can fix, as a ListenError saying how; others as they are. */
function listenFailure(error: unknown, settings: Settings): unknown {
  const where = `port ${settings.port} on ${settings.host}`;
  const choose = 'choose another with --port N or PORT=N (0 picks a free one)';
  switch ((error as { code?: string }).code) {
    case 'EADDRINUSE':
      return new ListenError('PORT_IN_USE', `${where} is in use by another process (another Kindling?); ${choose}`);
    case 'EACCES':
      return new ListenError(
        'PORT_NOT_ALLOWED',
        `${where} needs privileges this process does not have (ports under 1024 usually do); ${choose}`,
      );
    // a name that resolves to no address (ENOTFOUND, EAI_AGAIN) names none of this machine's either
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ListenError(
        'ADDRESS_NOT_AVAILABLE',
        `${settings.host} is not an address of this machine; choose another with --host ADDR or HOST=ADDR (0.0.0.0 listens on all)`,
      );
    default:
      return error;
  }
}

/**
 * The dashboard bundled with this package: its `dashboard/` folder, which the package's build
 * copies from @kindling/dashboard's build (one level up from dist/ and from src/ alike).
 */
export function bundledDashboard(): string {
  return fileURLToPath(new URL('../dashboard', import.meta.url));
}

export async function startServer(
  settings: Settings,
  options: { clock?: () => number; listen?: boolean } = {},
): Promise<RunningServer> {
  const clock = options.clock ?? Date.now;
  // Metrics off: nothing is counted, no store is wrapped (metrics/metrics.ts).
  const metrics = settings.metrics !== null ? new Metrics() : null;
  const backend = openBackend(settings, metrics !== null ? { watch: metrics } : {});
  const engines = new Engines(backend, settings.cacheMs, clock, settings.idempotencyHours * HOUR_MS);
  const buckets = new RateLimiter(settings.rateLimit.perSecond, settings.rateLimit.burst, clock);
  const signInBuckets = new RateLimiter(SIGN_IN_PER_SECOND, SIGN_IN_BURST, clock);
  // Processes sharing a Redis share each key's limit and the sign-in limits (shared-limits.ts); on SQLite one process serves.
  const redis = backend.kind === 'redis';
  const shared = redis ? new SharedLimits(buckets, backend.control.kv, clock) : null;
  const signInShared = redis
    ? new SharedLimits(signInBuckets, backend.control.kv, clock, { record: SIGN_IN_RECORD, maxFollowed: 2_000 })
    : null;
  // The sweeper logs through the app's logger, made after the context.
  let warn: (error: unknown, message: string) => void = () => {};
  const ctx: ServerContext = {
    settings: { ...settings, dashboardDir: settings.dashboardDir ?? bundledDashboard() },
    backend,
    accounts: { control: backend.control, clock },
    engines,
    keys: new KeyCache(backend.control, settings.cacheMs, clock),
    tenants: new TenantCache(backend.control),
    activity: new Activity(backend),
    limiter: shared ?? buckets,
    signIns: new SignInLimits(signInShared ?? signInBuckets, new HashingSlots()),
    rebuilds: new Rebuilds(backend.control, engines, clock, (error, message) => warn(error, message)),
    sweeper: new Sweeper(
      backend.control,
      engines,
      clock,
      (error, message) => warn(error, message),
      metrics,
      backend.writes,
      new IdempotencyForgetter(
        settings.idempotencyHours * HOUR_MS,
        clock,
        (error, message) => warn(error, message),
        metrics,
      ),
    ),
    relay: new Relay(backend, engines, settings, clock, (error, message) => warn(error, message)),
    streakReads: new ReadCache(settings.readCacheBytes),
    metrics,
    clock,
    ready: false,
  };
  metrics?.queueCountsFrom(() => backend.deliveries.count());
  let firstStart: NewAccount | null;
  try {
    firstStart = await bootstrap(backend.control, { password: settings.ownerPassword, at: clock() });
    // The streak database is opened at start, not at the first event: one that cannot be read stops
    // the start, naming it. On SQLite every account's store is on one file; on Redis the control
    // plane's connection has proved the server already.
    if (backend.kind === 'sqlite') {
      const [account] = await backend.control.accounts();
      if (account !== undefined) backend.storeFor(account.id);
    }
  } catch (error) {
    await backend.close().catch(() => {});
    throw error;
  }
  const app = await buildApp(ctx);
  warn = (error, message) => app.log.warn({ err: error }, message);
  // the relay and the sweeper give way to requests while they keep the process busy (relay.ts)
  let served = 0;
  app.server.on('request', () => {
    served++;
  });
  ctx.relay.watchRequests(() => served);
  ctx.sweeper.watchRequests(() => served);
  if (metrics !== null) ctx.relay.watchProgress(metrics);
  const flushKeys = setInterval(() => void ctx.keys.flush().catch(() => {}), 1000);
  flushKeys.unref();
  shared?.start();
  ctx.rebuilds.watch();
  ctx.sweeper.start(settings.sweepMs);
  ctx.relay.start(settings.webhooks.relayMs);
  // Sign-ins are few: their counts are exchanged once a second.
  signInShared?.start(1_000);
  let url = '';
  if (options.listen !== false) {
    let address: string;
    try {
      address = await app.listen({ host: settings.host, port: settings.port });
    } catch (error) {
      clearInterval(flushKeys);
      await app.close().catch(() => {});
      await ctx.sweeper.stop().catch(() => {});
      await ctx.relay.stop().catch(() => {});
      await ctx.rebuilds.stop().catch(() => {});
      await shared?.stop().catch(() => {});
      await signInShared?.stop().catch(() => {});
      await backend.close().catch(() => {});
      throw listenFailure(error, settings);
    }
    url = address.replace('[::]', '127.0.0.1').replace('0.0.0.0', '127.0.0.1');
  } else {
    await app.ready();
  }
  ctx.ready = true;
  let closing: Promise<void> | null = null;
  return {
    app,
    ctx,
    url,
    firstStart,
    close() {
      closing ??= (async () => {
        ctx.ready = false;
        clearInterval(flushKeys);
        await app.close();
        await ctx.sweeper.stop();
        await ctx.relay.stop();
        await ctx.rebuilds.stop();
        await shared?.stop();
        await signInShared?.stop();
        await ctx.keys.flush();
        await backend.close();
      })();
      return closing;
    },
  };
}
