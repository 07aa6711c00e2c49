/**
 * Rebuilding every user of one account with an engine of its current configuration. The progress
 * lives in the control plane, where any process (and the dashboard) reads it, and is also the
 * rebuild's lease: the process that runs it rewrites it every second (compare-and-set on what it
 * last wrote), with the last user done. A record not rewritten for LEASE_MS belongs to a process
 * that died: whichever process looks next takes it over (`resumeRebuild`) and goes on after that
 * user, so a rebuild cut by a crash finishes and its progress ends at every user. A process whose
 * write finds another record (a newer rule's rebuild, or a take-over) stops its own run.
 */
import { type Engine, StoreError } from '@kindling/core';
import type { Control } from '../control/control.js';
import type { Rebuild } from '../control/types.js';
import { newId } from '../random-ids.js';

/** How often a running rebuild rewrites its record. */
export const HEARTBEAT_MS = 1_000;
/** A running rebuild whose record is older than this was left by a process that stopped. */
export const LEASE_MS = 10_000;

export interface RebuildOptions {
  clock?: () => number;
  onProgress?: (done: number, total: number) => void;
  /** stops the run between two users (the process is stopping): the record is released for the next process to go on at once */
  signal?: AbortSignal;
  /** told what ended a run as failed on damaged data (the record says only that it is damaged) */
  warn?: (error: unknown, message: string) => void;
}

/** Thrown inside the engine's rebuild to stop it: the record is no longer this run's, or the process stops. */
class Stopped extends Error {}

/** True when `rebuild` is running but its process stopped rewriting it. */
export function isAbandoned(rebuild: Rebuild, now: number): boolean {
  if (rebuild.status !== 'running') return false;
  const beat =
    rebuild.heartbeatAt === undefined || rebuild.heartbeatAt === null ? Number.NaN : Date.parse(rebuild.heartbeatAt);
  return !(now - beat < LEASE_MS);
}

/** Starts a rebuild of every user under configuration `version`, replacing whatever record was there. */
export async function rebuildAccount(
  control: Control,
  accountId: string,
  engine: Engine,
  version: number,
  options: RebuildOptions = {},
): Promise<Rebuild> {
  const clock = options.clock ?? Date.now;
  const start: Rebuild = {
    status: 'running',
    done: 0,
    total: 0,
    startedAt: new Date(clock()).toISOString(),
    finishedAt: null,
    error: null,
    version,
    after: null,
  };
  for (;;) {
    const { raw } = await control.rebuildRecord(accountId);
    const claimed = await claim(control, accountId, raw, start, clock);
    if (claimed !== null) return run(control, accountId, engine, claimed, options);
  }
}

/**
 * Takes over the account's rebuild if its process stopped (see isAbandoned) and goes on with it
 * under `version`; null when there is nothing to take over or another process took it first.
 */
export async function resumeRebuild(
  control: Control,
  accountId: string,
  engine: Engine,
  version: number,
  options: RebuildOptions = {},
): Promise<Rebuild | null> {
  const clock = options.clock ?? Date.now;
  const { rebuild, raw } = await control.rebuildRecord(accountId);
  if (!isAbandoned(rebuild, clock())) return null;
  // A rebuild to an older version goes on under the current one: users done before are rebuilt again.
  const from: Rebuild = rebuild.version === version ? rebuild : { ...rebuild, version, done: 0, after: null };
  const claimed = await claim(control, accountId, raw, from, clock);
  return claimed === null ? null : run(control, accountId, engine, claimed, options);
}

interface Claimed {
  state: Rebuild;
  raw: string;
}

/** Writes `state` as this run's if the record is still `expected`; null when another process wrote first. */
async function claim(
  control: Control,
  accountId: string,
  expected: string | null,
  state: Rebuild,
  clock: () => number,
): Promise<Claimed | null> {
  const mine = { ...state, runId: newId(), heartbeatAt: new Date(clock()).toISOString() };
  const raw = await control.swapRebuild(accountId, expected, mine);
  return raw === null ? null : { state: mine, raw };
}

async function run(
  control: Control,
  accountId: string,
  engine: Engine,
  claimed: Claimed,
  options: RebuildOptions,
): Promise<Rebuild> {
  const clock = options.clock ?? Date.now;
  const instant = () => new Date(clock()).toISOString();
  let state = claimed.state;
  let written = claimed.raw;
  let superseded = false;
  const base = state.done;
  /** Rewrites the record (progress and heartbeat); once another record is found, this run is superseded. */
  const save = async (next: Rebuild, heartbeatAt: string | null = instant()): Promise<void> => {
    if (superseded) return;
    const raw = await control.swapRebuild(accountId, written, { ...next, heartbeatAt });
    if (raw === null) superseded = true;
    else written = raw;
  };
  let saving: Promise<void> = Promise.resolve();
  const beat = setInterval(() => {
    // one write at a time; a failed write is tried again at the next beat
    saving = saving.then(() => save(state)).catch(() => {});
  }, HEARTBEAT_MS);
  beat.unref();
  try {
    const total = await engine.countUsers();
    state = { ...state, total: Math.max(total, base) };
    const { users } = await engine.rebuildAll({
      after: state.after ?? null,
      onProgress: ({ done, userId }) => {
        if (superseded || options.signal?.aborted) throw new Stopped();
        state = { ...state, done: base + done, total: Math.max(state.total, base + done), after: userId };
        options.onProgress?.(state.done, state.total);
      },
    });
    state = { ...state, status: 'done', done: base + users, total: base + users, finishedAt: instant() };
  } catch (error) {
    // The process stops, or the store failed for a while: the run is left for the next look. Data
    // no retry can read (a lasting StoreError) would stop every next look too: the run fails.
    if (error instanceof Stopped || (error instanceof StoreError && !error.lasting)) {
      clearInterval(beat);
      await saving;
      // released: no heartbeat, so the next process to look goes on with it at once
      await save(state, null).catch(() => {});
      return state;
    }
    const damagedData = error instanceof StoreError;
    if (damagedData)
      options.warn?.(error, `the rebuild of ${accountId} stopped after user ${JSON.stringify(state.after ?? null)}`);
    state = {
      ...state,
      status: 'failed',
      // what failed (a key, a file) is the operator's to read in the log
      error: damagedData
        ? "the data stored for a user is damaged and could not be read; the server's log names it"
        : error instanceof Error
          ? error.message
          : String(error),
      finishedAt: instant(),
    };
  } finally {
    clearInterval(beat);
    await saving;
  }
  await save(state);
  return state;
}
