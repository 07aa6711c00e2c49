/**
 * /healthz (the process is up) and /readyz (the server is not starting or stopping, and the store
 * answers a read and takes a write, within READY_WITHIN_MS: the control plane a tiny write, and every
 * other part opened so far its `probe`, which on SQLite looks at once whether its file was taken away).
 *
 * The write is a tiny document in the control plane. A remembered last write failure (cleared by
 * the next write that works) would cost nothing per call, but once the load balancer takes the
 * server out because of it no request writes again, and it would never clear; a probe tells the
 * state of the store, and clears itself once space is freed or the store takes writes again. One
 * probe runs at a time, concurrent calls share it, and its answer stands for PROBE_FOR_MS: /readyz
 * answers anyone, and must not let a caller make the server write (and sync a file) at its rate.
 */
import type { Backend } from '../backend/backend.js';
import type { Settings } from '../settings.js';
import { HttpError } from '../errors/errors.js';
import { errorRef } from '../http/schemas.js';
import type { App } from '../http/typed-app.js';

/** What the route takes of the server: the lower layers it calls. */
export interface HealthDeps {
  readonly backend: Backend;
  readonly clock: () => number;
  readonly ready: boolean;
  readonly settings: Settings;
}

/** The longest /readyz waits for the store (or the store timeout, when shorter). */
const READY_WITHIN_MS = 1000;
/** How long one probe's answer stands: at most one read and one write of the store per second. */
const PROBE_FOR_MS = 1000;

/**
 * What keeps the store from serving, or null when it reads and writes. /readyz answers anyone: it
 * says which of the two fails, and the log says why (files, addresses).
 */
async function probeStore(
  backend: Backend,
  at: number,
  log: (error: unknown, what: string) => void,
): Promise<string | null> {
  let accounts: number;
  try {
    accounts = (await backend.control.accounts()).length;
  } catch (error) {
    log(error, 'read');
    return 'the store does not answer';
  }
  // The start made the first account: a store without one lost its data (a Redis restarted without
  // persistence, a data folder emptied), and a server on it would answer every key 401.
  if (accounts === 0) return 'the store holds no account: its data is gone (a Redis restarted without persistence?)';
  try {
    await backend.control.probeWrite(at);
    await backend.probe();
  } catch (error) {
    log(error, 'write');
    return 'the store answers but writes to it fail';
  }
  return null;
}

function within(probe: Promise<string | null>, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(`the store did not answer within ${ms} ms`), ms);
    void probe.then((problem) => {
      clearTimeout(timer);
      resolve(problem);
    });
  });
}

const alive = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
} as const;
const ready = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'store'],
  properties: { status: { type: 'string', enum: ['ready'] }, store: { type: 'string', enum: ['sqlite', 'redis'] } },
} as const;

export function healthRoutes(app: App, ctx: HealthDeps): void {
  const waitMs = Math.min(READY_WITHIN_MS, ctx.settings.storeTimeoutMs);
  let probing: Promise<string | null> | null = null;
  let probedAt = Number.NEGATIVE_INFINITY;
  app.get('/healthz', { schema: { hide: true, response: { 200: alive } } }, async () => ({ status: 'ok' as const }));
  app.get('/readyz', { schema: { hide: true, response: { 200: ready, 503: errorRef } } }, async () => {
    if (!ctx.ready) throw new HttpError('NOT_READY', 'the server is starting or stopping');
    const now = ctx.clock();
    if (probing === null || !(now >= probedAt && now < probedAt + PROBE_FOR_MS)) {
      probedAt = now;
      probing = probeStore(ctx.backend, now, (error, what) =>
        app.log.warn({ err: error }, `/readyz: a ${what} of the store failed`),
      );
    }
    const problem = await within(probing, waitMs);
    if (problem !== null) throw new HttpError('NOT_READY', problem);
    return { status: 'ready' as const, store: ctx.backend.kind };
  });
}
