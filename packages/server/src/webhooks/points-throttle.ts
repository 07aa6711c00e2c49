/**
 * S38: `points.changed` at most once per user and system per POINTS_WINDOW_MS (15 minutes). The
 * first change sends at once and opens a window; the changes handed on inside it are held, added
 * up (`added` summed, `awards` joined, oldest first, the newest MAX_HELD_AWARDS kept; `total` and
 * the user the latest; `level` the latest one a change carried), and sent as one delivery once
 * the window has ended, which opens the next window; nothing is sent then when the total is the one
 * last sent and no held change moved the level. A change after a window ended with nothing held
 * sends at once again.
 *
 * The windows live in the control plane (control/points-windows.ts), changed by compare-and-set, so
 * two processes handing on one user's news fold it once and a restart loses no window. An entry
 * handed on again after a crash (the relay removes entries after it queued them) is known by the
 * user's version the window took: the one sent at once is sent again (the queue keeps one delivery
 * per id), a held one is not held twice. A trailing delivery is first written into the window as
 * being sent, then queued under an id made from the window, then cleared: a process dying between
 * leaves it for whichever relay looks next, which queues the same id.
 */
import { deterministicId } from '@kindling/core';
import type { ControlKV, OutboxEntry, PointsChangedNews } from '@kindling/core/adapter';
import {
  forgetHeldWindow,
  type HeldPoints,
  heldWindows,
  noteHeldWindow,
  ofPointsWindowField,
  POINTS_WINDOW_MS,
  type PointsWindow,
  pointsWindowField,
  readPointsWindow,
  swapPointsWindow,
} from '../control/points-windows.js';

/** The awards a held change keeps at most, the newest (the hosted API's longest list). */
export const MAX_HELD_AWARDS = 100;

/** How often a write that lost a race is tried again before the relay gives up for this tick. */
const TRIES = 20;

/** What becomes of a `points.changed` entry: sent now, or held for the window's end. */
export type Admission = 'send' | 'held';

/** A trailing delivery due: the entry to make its messages from, and the namespace's store it is of. */
export interface TrailingPoints {
  readonly store: string;
  readonly entry: OutboxEntry;
}

function heldOf(entry: OutboxEntry, change: PointsChangedNews, before: HeldPoints | null): HeldPoints {
  if (before === null) return { change, at: entry.at, version: entry.version, user: entry.user };
  const awards = [...before.change.awards, ...change.awards].slice(-MAX_HELD_AWARDS);
  const level =
    'level' in change ? { level: change.level } : 'level' in before.change ? { level: before.change.level } : {};
  return {
    change: {
      type: 'points.changed',
      system: change.system,
      total: change.total,
      added: before.change.added + change.added,
      awards,
      ...level,
    },
    at: Math.max(before.at, entry.at),
    version: entry.version,
    user: entry.user,
  };
}

/**
 * Decides whether `entry` (a `points.changed` of the namespace whose store is `store`) is sent now
 * or held, writing the window so. Another writer's change in between makes it read again.
 */
export async function admitPointsChange(
  kv: ControlKV,
  accountId: string,
  store: string,
  entry: OutboxEntry,
  now: number,
): Promise<Admission> {
  const change = entry.change as PointsChangedNews;
  const field = pointsWindowField(store, entry.userId, change.system);
  for (let tries = 0; tries < TRIES; tries++) {
    const { raw, window: stored } = await readPointsWindow(kv, accountId, field);
    const window = stored !== null && stored.firstSeenAt === entry.user.firstSeenAt ? stored : null;
    if (window !== null && entry.version <= window.version)
      // handed on again: the one sent at once is sent again (one delivery per id), one held stays held once
      return window.leadId === entry.id ? 'send' : 'held';
    if (window === null || (window.held === null && now >= window.endsAt)) {
      const opened: PointsWindow = {
        firstSeenAt: entry.user.firstSeenAt,
        version: entry.version,
        leadId: entry.id,
        endsAt: now + POINTS_WINDOW_MS,
        sentTotal: change.total,
        held: null,
        sending: window?.sending ?? null,
      };
      if (await swapPointsWindow(kv, accountId, field, raw, opened, now)) return 'send';
      continue;
    }
    const held: PointsWindow = { ...window, version: entry.version, held: heldOf(entry, change, window.held) };
    if (await swapPointsWindow(kv, accountId, field, raw, held, now)) {
      await noteHeldWindow(kv, accountId, field, window.endsAt);
      return 'held';
    }
  }
  throw new Error(`the points window of user ${JSON.stringify(entry.userId)} changed ${TRIES} times while read`);
}

/** The entry a window's trailing delivery is made from: the held change under an id of the window's. */
function trailingEntry(userId: string, id: string, held: HeldPoints): OutboxEntry {
  return { id, userId, at: held.at, version: held.version, change: held.change, streak: null, user: held.user };
}

/**
 * Sends (through `queue`) the trailing delivery of every window of the account that holds changes
 * and has ended by `now`, and opens the next window from then; how many were queued.
 */
export async function sendHeldPoints(
  kv: ControlKV,
  accountId: string,
  now: number,
  queue: (trailing: TrailingPoints) => Promise<void>,
): Promise<number> {
  let sent = 0;
  for (const [field, endsAt] of await heldWindows(kv, accountId)) {
    if (endsAt > now) continue;
    const { store, userId } = ofPointsWindowField(field);
    for (let tries = 0; ; tries++) {
      if (tries === TRIES) throw new Error(`the points window ${field} changed ${TRIES} times while sent`);
      const { raw, window } = await readPointsWindow(kv, accountId, field);
      if (window === null) {
        await forgetHeldWindow(kv, accountId, field);
        break;
      }
      if (window.sending !== null) {
        await queue({ store, entry: trailingEntry(userId, window.sending.id, window.sending.held) });
        if (await swapPointsWindow(kv, accountId, field, raw, { ...window, sending: null }, now)) sent++;
        continue;
      }
      if (window.held !== null && window.endsAt <= now) {
        const { held } = window;
        const differs = held.change.total !== window.sentTotal || 'level' in held.change;
        const next: PointsWindow = differs
          ? {
              ...window,
              held: null,
              endsAt: now + POINTS_WINDOW_MS,
              sentTotal: held.change.total,
              sending: { id: deterministicId('points-window', accountId, field, window.endsAt), held },
            }
          : { ...window, held: null };
        await swapPointsWindow(kv, accountId, field, raw, next, now);
        continue;
      }
      if (window.held !== null) {
        // held by a later window than the note says: noted again for its own end
        await noteHeldWindow(kv, accountId, field, window.endsAt);
        break;
      }
      await forgetHeldWindow(kv, accountId, field);
      // a change held meanwhile, after the read above, noted its window before the note was forgotten
      const after = await readPointsWindow(kv, accountId, field);
      if (after.window?.held != null || after.window?.sending != null)
        await noteHeldWindow(kv, accountId, field, after.window.endsAt);
      break;
    }
  }
  return sent;
}
