/**
 * The server's settings: parsed once at start from the environment and command-line flags, each
 * bad value reported with the name of the variable or flag that holds it.
 */
import { isIP } from 'node:net';
import { passwordProblem } from './secrets.js';

export interface Settings {
  host: string;
  port: number;
  /** folder of the SQLite files (streak data and control plane) when Redis is not used */
  dataDir: string;
  redis: { url: string } | { cluster: Array<{ host: string; port: number }> } | null;
  /** SQLite's synchronous setting: 'full' survives a power loss, 'normal' only a crash of the process */
  sqliteSync: 'full' | 'normal';
  /** first part of every Redis key, so that several deployments (or tests) can share one Redis */
  redisPrefix: string;
  /** how long one Redis command (streak store or control plane) may wait before the request gets 503 */
  storeTimeoutMs: number;
  /** requests per second per key (token bucket refill), and the bucket size */
  rateLimit: { perSecond: number; burst: number };
  /** bytes of serialized streak reads kept per process (0: none) */
  readCacheBytes: number;
  /** how long another process's key revocation or configuration change may take to be seen here */
  cacheMs: number;
  /** the owner password of the first account, set at first start when given */
  ownerPassword: string | null;
  /** 'info' logs one line per request; 'warn' and 'silent' less */
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /** folder of the built dashboard to serve at /, or null */
  dashboardDir: string | null;
  /**
   * addresses or networks (CIDR, or loopback / linklocal / uniquelocal) of the reverse proxies whose
   * X-Forwarded-For names the client; empty: the client is the connection's address
   */
  trustProxy: string[];
  /**
   * How long a client may take, in ms: to send a request's line and headers, to send the whole
   * request, and to send its next request on a kept-alive connection. A socket past them is closed.
   */
  timeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  /** connections open at once at most (more are closed as they come); null: derived from the open-file limit */
  maxConnections: number | null;
  /** whether webhook endpoints may be loopback or private-range addresses (tests, closed networks) */
  webhookAllowPrivate: boolean;
  /** how often the sweeper settles the users whose streak needed a freeze or was lost, in ms (0: never) */
  sweepMs: number;
  /** webhook delivery: how often the relay looks for news and due deliveries (0: never), one attempt's timeout, days the log is kept */
  webhooks: { relayMs: number; timeoutMs: number; logDays: number };
  /**
   * how long an idempotency key answers a repeat of its event, in hours from when it was recorded
   * (S18): after it the event is recorded anew, and the sweeper removes the record
   */
  idempotencyHours: number;
  /** the Prometheus endpoint GET /metrics: off (null), or on, open or behind `Authorization: Bearer <token>` */
  metrics: { token: string | null } | null;
}

export class SettingsError extends Error {}

export const DEFAULTS = {
  HOST: '0.0.0.0',
  PORT: '3000',
  KINDLING_DATA_DIR: './data',
  KINDLING_RATE_LIMIT: '1000',
  KINDLING_RATE_BURST: '2000',
  KINDLING_CACHE_MS: '1000',
  KINDLING_READ_CACHE_MB: '32',
  LOG_LEVEL: 'warn',
  KINDLING_REDIS_PREFIX: 'kl',
  KINDLING_SQLITE_SYNC: 'full',
  KINDLING_STORE_TIMEOUT_MS: '2000',
  KINDLING_HEADERS_TIMEOUT_MS: '10000',
  KINDLING_REQUEST_TIMEOUT_MS: '30000',
  KINDLING_KEEP_ALIVE_TIMEOUT_MS: '72000',
  KINDLING_WEBHOOK_ALLOW_PRIVATE: '0',
  KINDLING_SWEEP_MS: '30000',
  KINDLING_WEBHOOK_RELAY_MS: '1000',
  KINDLING_WEBHOOK_TIMEOUT_MS: '10000',
  KINDLING_WEBHOOK_LOG_DAYS: '7',
  KINDLING_METRICS: '0',
  KINDLING_IDEMPOTENCY_HOURS: '168',
} as const;

/** The variables the server reads, with what each means (for --help and the README). */
export const VARIABLES: Record<string, string> = {
  PORT: 'port to listen on (flag --port)',
  HOST: 'address to listen on (flag --host)',
  KINDLING_DATA_DIR: 'folder of the SQLite files (flag --data)',
  REDIS_URL: 'use Redis at this URL instead of SQLite (flag --redis)',
  REDIS_CLUSTER_NODES: 'use a Redis Cluster: comma-separated host:port seed nodes',
  KINDLING_REDIS_PREFIX: 'first part of every Redis key (default kl)',
  KINDLING_SQLITE_SYNC:
    'full (an acknowledged event survives a power loss) or normal (survives a crash of the process)',
  KINDLING_STORE_TIMEOUT_MS:
    'how long a Redis command may wait before the request answers 503 STORE_UNAVAILABLE, in ms',
  KINDLING_RATE_LIMIT: 'requests per second allowed per API key',
  KINDLING_RATE_BURST: 'requests one key may send at once before the rate applies',
  KINDLING_CACHE_MS: 'how long keys and configuration are cached per process, in ms',
  KINDLING_READ_CACHE_MB: 'megabytes of streak read answers kept per process (0 turns it off)',
  KINDLING_OWNER_PASSWORD: 'owner password of the first account, set at first start',
  KINDLING_DASHBOARD_DIR: 'folder of the built dashboard served at / (default: the bundled one)',
  KINDLING_TRUST_PROXY:
    'comma-separated addresses or networks (10.0.0.0/8, loopback) of reverse proxies whose X-Forwarded-For names the client',
  KINDLING_HEADERS_TIMEOUT_MS: 'ms a client may take to send a request line and its headers',
  KINDLING_REQUEST_TIMEOUT_MS: 'ms a client may take to send a whole request, body included',
  KINDLING_KEEP_ALIVE_TIMEOUT_MS: "ms an idle kept-alive connection stays open (above a load balancer's idle timeout)",
  KINDLING_MAX_CONNECTIONS: 'connections open at once at most (default: 7/8 of the open-file limit)',
  KINDLING_SWEEP_MS:
    'ms between sweeps that settle the streaks which needed a freeze or were lost (default 30000; 0 turns them off)',
  KINDLING_WEBHOOK_ALLOW_PRIVATE:
    '1 lets webhook endpoints be loopback or private-range addresses (default 0: public addresses only)',
  KINDLING_WEBHOOK_RELAY_MS:
    'ms between looks for news to deliver and deliveries due to webhook endpoints (default 1000; 0 turns delivery off)',
  KINDLING_WEBHOOK_TIMEOUT_MS: 'ms one webhook delivery attempt may take before it counts as failed (default 10000)',
  KINDLING_WEBHOOK_LOG_DAYS: 'days the webhook delivery log keeps a finished delivery (default 7)',
  KINDLING_IDEMPOTENCY_HOURS:
    'hours an idempotency key answers a repeat of its event, from when it was recorded (default 168: 7 days; 1 to 87600); then the event is recorded anew and the key removed',
  KINDLING_METRICS: '1 serves Prometheus metrics at GET /metrics (default 0: off, /metrics is 404)',
  KINDLING_METRICS_TOKEN:
    'the bearer token GET /metrics asks for (16 to 512 of A-Z a-z 0-9 -._~+/=); needed unless HOST is a loopback address',
  LOG_LEVEL: 'silent, error, warn, info or debug',
};

function whole(value: string, name: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new SettingsError(`${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return n;
}

function clusterNodes(value: string, name: string): Array<{ host: string; port: number }> {
  return value.split(',').map((part) => {
    const match = /^\s*([^\s:]+):(\d+)\s*$/.exec(part);
    if (match === null)
      throw new SettingsError(`${name} must list host:port pairs separated by commas, got ${JSON.stringify(part)}`);
    return { host: match[1] as string, port: whole(match[2] as string, name, 1, 65535) };
  });
}

function flag(value: string, name: string): boolean {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new SettingsError(`${name} must be 1 or 0 (true or false), got ${JSON.stringify(value)}`);
}

function checkSync(value: string): 'full' | 'normal' {
  if (value !== 'full' && value !== 'normal')
    throw new SettingsError(`KINDLING_SQLITE_SYNC must be full or normal, got ${JSON.stringify(value)}`);
  return value;
}

function checkPrefix(value: string): string {
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(value))
    throw new SettingsError(
      `KINDLING_REDIS_PREFIX must be 1 to 64 letters, digits or _.:-, got ${JSON.stringify(value)}`,
    );
  return value;
}

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A list of proxy addresses, networks (address/prefix) and named ranges. */
function checkProxies(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  return value.split(',').map((part) => {
    const entry = part.trim();
    const [address = '', prefix, extra] = entry.split('/');
    const version = isIP(address);
    const bits = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (PROXY_RANGES.has(entry) || (version !== 0 && prefixOk && extra === undefined)) return entry;
    throw new SettingsError(
      `KINDLING_TRUST_PROXY must list addresses, address/prefix networks or loopback, linklocal, uniquelocal, separated by commas, got ${JSON.stringify(entry)}`,
    );
  });
}

/** The characters of a bearer token (RFC 6750's b64token), from 16 to 512 of them. */
const TOKEN = /^[A-Za-z0-9\-._~+/]{16,512}=*$/;

/** Whether `host` names this machine's loopback only (127.0.0.0/8, ::1, localhost). */
function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  const version = isIP(host);
  if (version === 4) return host.startsWith('127.');
  return version === 6 && host === '::1';
}

/**
 * The metrics endpoint's settings: off unless KINDLING_METRICS is 1. Metrics tell who else uses
 * the service and how much, so with no token they are served only on a loopback listener (a
 * scraper on the same machine, or a sidecar); on any other address the server does not start
 * without KINDLING_METRICS_TOKEN.
 */
function checkMetrics(on: boolean, token: string | undefined, host: string): Settings['metrics'] {
  if (token !== undefined && token !== '' && !TOKEN.test(token))
    throw new SettingsError(
      `KINDLING_METRICS_TOKEN must be 16 to 512 letters, digits or -._~+/ (then = signs), got ${token.length} characters of which some are not`,
    );
  if (!on) return null;
  const kept = token === undefined || token === '' ? null : token;
  if (kept === null && !isLoopback(host))
    throw new SettingsError(
      `KINDLING_METRICS=1 on ${host}, not a loopback address, needs KINDLING_METRICS_TOKEN: set a token for the scraper, or listen on 127.0.0.1`,
    );
  return { token: kept };
}

/** Settings from environment variables, overridden by flags (`--port`, `--host`, `--data`, `--redis`). */
export function parseSettings(
  env: Readonly<Record<string, string | undefined>>,
  flags: Readonly<Record<string, string | undefined>> = {},
): Settings {
  const pick = (name: keyof typeof DEFAULTS) => env[name] ?? DEFAULTS[name];
  const portName = flags.port !== undefined ? '--port' : 'PORT';
  const port = whole(flags.port ?? pick('PORT'), portName, 0, 65535);
  const logLevel = pick('LOG_LEVEL');
  if (!['silent', 'error', 'warn', 'info', 'debug'].includes(logLevel)) {
    throw new SettingsError(`LOG_LEVEL must be silent, error, warn, info or debug, got ${JSON.stringify(logLevel)}`);
  }
  const redisUrl = flags.redis ?? env.REDIS_URL;
  if (redisUrl !== undefined && (!/^rediss?:\/\//.test(redisUrl) || !URL.canParse(redisUrl))) {
    throw new SettingsError(
      `${flags.redis !== undefined ? '--redis' : 'REDIS_URL'} must be a URL starting with redis:// or rediss://, got ${JSON.stringify(redisUrl)}`,
    );
  }
  const cluster = env.REDIS_CLUSTER_NODES;
  const headersMs = whole(pick('KINDLING_HEADERS_TIMEOUT_MS'), 'KINDLING_HEADERS_TIMEOUT_MS', 100, 600_000);
  const requestMs = whole(pick('KINDLING_REQUEST_TIMEOUT_MS'), 'KINDLING_REQUEST_TIMEOUT_MS', 100, 3_600_000);
  if (headersMs > requestMs) {
    throw new SettingsError(
      `KINDLING_HEADERS_TIMEOUT_MS (${headersMs}) must not be over KINDLING_REQUEST_TIMEOUT_MS (${requestMs}): the headers are part of the request`,
    );
  }
  const maxConnections = env.KINDLING_MAX_CONNECTIONS;
  const password = env.KINDLING_OWNER_PASSWORD;
  const passwordWrong = password === undefined ? null : passwordProblem(password);
  if (passwordWrong !== null) throw new SettingsError(`KINDLING_OWNER_PASSWORD ${passwordWrong}`);
  const dataDir = flags.data ?? pick('KINDLING_DATA_DIR');
  const host = flags.host ?? pick('HOST');
  // An empty value would mean the working folder, or every interface: never what was meant.
  if (dataDir === '')
    throw new SettingsError(`${flags.data !== undefined ? '--data' : 'KINDLING_DATA_DIR'} must name a folder, got ""`);
  if (host === '')
    throw new SettingsError(`${flags.host !== undefined ? '--host' : 'HOST'} must name an address, got ""`);
  return {
    host,
    port,
    dataDir,
    redis:
      redisUrl !== undefined
        ? { url: redisUrl }
        : cluster !== undefined && cluster !== ''
          ? { cluster: clusterNodes(cluster, 'REDIS_CLUSTER_NODES') }
          : null,
    redisPrefix: checkPrefix(pick('KINDLING_REDIS_PREFIX')),
    sqliteSync: checkSync(pick('KINDLING_SQLITE_SYNC')),
    storeTimeoutMs: whole(pick('KINDLING_STORE_TIMEOUT_MS'), 'KINDLING_STORE_TIMEOUT_MS', 10, 600_000),
    rateLimit: {
      perSecond: whole(pick('KINDLING_RATE_LIMIT'), 'KINDLING_RATE_LIMIT', 1, 10_000_000),
      burst: whole(pick('KINDLING_RATE_BURST'), 'KINDLING_RATE_BURST', 1, 10_000_000),
    },
    cacheMs: whole(pick('KINDLING_CACHE_MS'), 'KINDLING_CACHE_MS', 0, 3_600_000),
    readCacheBytes: whole(pick('KINDLING_READ_CACHE_MB'), 'KINDLING_READ_CACHE_MB', 0, 65_536) * 1024 * 1024,
    ownerPassword: password ?? null,
    logLevel: logLevel as Settings['logLevel'],
    dashboardDir: env.KINDLING_DASHBOARD_DIR ?? null,
    trustProxy: checkProxies(env.KINDLING_TRUST_PROXY),
    timeouts: {
      headersMs,
      requestMs,
      keepAliveMs: whole(pick('KINDLING_KEEP_ALIVE_TIMEOUT_MS'), 'KINDLING_KEEP_ALIVE_TIMEOUT_MS', 100, 3_600_000),
    },
    maxConnections:
      maxConnections !== undefined && maxConnections !== ''
        ? whole(maxConnections, 'KINDLING_MAX_CONNECTIONS', 1, 10_000_000)
        : null,
    webhookAllowPrivate: flag(pick('KINDLING_WEBHOOK_ALLOW_PRIVATE'), 'KINDLING_WEBHOOK_ALLOW_PRIVATE'),
    sweepMs: whole(pick('KINDLING_SWEEP_MS'), 'KINDLING_SWEEP_MS', 0, 86_400_000),
    webhooks: {
      relayMs: whole(pick('KINDLING_WEBHOOK_RELAY_MS'), 'KINDLING_WEBHOOK_RELAY_MS', 0, 3_600_000),
      timeoutMs: whole(pick('KINDLING_WEBHOOK_TIMEOUT_MS'), 'KINDLING_WEBHOOK_TIMEOUT_MS', 100, 60_000),
      logDays: whole(pick('KINDLING_WEBHOOK_LOG_DAYS'), 'KINDLING_WEBHOOK_LOG_DAYS', 1, 365),
    },
    idempotencyHours: whole(pick('KINDLING_IDEMPOTENCY_HOURS'), 'KINDLING_IDEMPOTENCY_HOURS', 1, 87_600),
    metrics: checkMetrics(flag(pick('KINDLING_METRICS'), 'KINDLING_METRICS'), env.KINDLING_METRICS_TOKEN, host),
  };
}
