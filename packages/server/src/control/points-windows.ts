/**
 * Where the throttle of `points.changed` keeps its windows (S38; the logic is
 * webhooks/points-throttle.ts): one document per user and points system of a namespace, under
 * `points-window:<account>:<field>`, changed by compare-and-set only, so that any number of server
 * processes share it and a restart finds it as it was; and, per account, a record of the windows
 * holding changes not yet sent (`points-windows:<account>`: field → the instant the window ends),
 * which a relay reads each tick rather than every window. The field names the namespace's store,
 * the user and the system as a JSON array, so no two of them share one whatever characters they hold.
 */
import { StoreError } from '@kindling/core';
import type { ControlKV, OutboxEntry, PointsChangedNews } from '@kindling/core/adapter';

/** How long a delivery of `points.changed` holds back the next one of the same user and system. */
export const POINTS_WINDOW_MS = 15 * 60_000;

/** Changes held in a window: what they add up to, and the latest entry's user and instant. */
export interface HeldPoints {
  readonly change: PointsChangedNews;
  readonly at: number;
  readonly version: number;
  readonly user: OutboxEntry['user'];
}

export interface PointsWindow {
  /** the user's first-seen instant: a window of another user of the id (erased and made again) is none */
  readonly firstSeenAt: number;
  /** the user's latest version whose change the window has taken (sent or held): an entry at or below it is a repeat */
  readonly version: number;
  /** the id of the entry sent at once when the window opened: handed on again, it is sent again (the queue keeps one) */
  readonly leadId: string | null;
  /** when the window ends: no delivery before, the held changes at it */
  readonly endsAt: number;
  /** the total the last delivery carried */
  readonly sentTotal: number;
  /** changes since the last delivery, not sent yet */
  readonly held: HeldPoints | null;
  /** a trailing delivery being queued (kept until it is, so a process dying in between leaves it for the next) */
  readonly sending: { readonly id: string; readonly held: HeldPoints } | null;
}

/** The field of the window of `userId`'s points in `system` in the namespace whose store is `store`. */
export function pointsWindowField(store: string, userId: string, system: string): string {
  return JSON.stringify([store, userId, system]);
}

/** The namespace's store, the user and the system a field names. */
export function ofPointsWindowField(field: string): { store: string; userId: string; system: string } {
  const [store, userId, system] = JSON.parse(field) as [string, string, string];
  return { store, userId, system };
}

const windowKey = (accountId: string, field: string) => `points-window:${accountId}:${field}`;
const heldKey = (accountId: string) => `points-windows:${accountId}`;

/** The window as stored (its text, for `swapPointsWindow`), or null. */
export async function readPointsWindow(
  kv: ControlKV,
  accountId: string,
  field: string,
): Promise<{ raw: string | null; window: PointsWindow | null }> {
  const raw = await kv.get(windowKey(accountId, field));
  if (raw === null) return { raw, window: null };
  try {
    return { raw, window: JSON.parse(raw) as PointsWindow };
  } catch (error) {
    throw new StoreError(`the control record ${windowKey(accountId, field)} is not JSON`, {
      cause: error,
      lasting: true,
    });
  }
}

/**
 * How long after its end a window holding nothing is kept: past it, the control plane drops it,
 * and a change then opens a new one and is sent at once, as it would be in the ended window. Time
 * enough for an entry handed on again after a crash to still be known as a repeat (the relay
 * removes entries within a tick of queueing them). Without it a window stayed for every user and
 * system that ever changed: two documents a user of two systems, for ever.
 */
export const ENDED_WINDOW_KEPT_MS = POINTS_WINDOW_MS;

/**
 * Writes `next` if the window is still `raw`; whether it was. A window holding nothing (no held
 * change, none being sent) expires ENDED_WINDOW_KEPT_MS after its end, seen from `now`; one that
 * holds something is kept until it is sent.
 */
export function swapPointsWindow(
  kv: ControlKV,
  accountId: string,
  field: string,
  raw: string | null,
  next: PointsWindow,
  now: number,
): Promise<boolean> {
  const idle = next.held === null && next.sending === null;
  const expireMs = idle ? Math.max(1, Math.ceil(next.endsAt + ENDED_WINDOW_KEPT_MS - now)) : undefined;
  return kv.swap(windowKey(accountId, field), raw, JSON.stringify(next), expireMs);
}

/** Notes that the window holds changes due at `endsAt`. */
export function noteHeldWindow(kv: ControlKV, accountId: string, field: string, endsAt: number): Promise<void> {
  return kv.setFields(heldKey(accountId), { [field]: String(endsAt) });
}

/** Forgets the note of a window (it holds nothing now). */
export function forgetHeldWindow(kv: ControlKV, accountId: string, field: string): Promise<void> {
  return kv.removeFields(heldKey(accountId), [field]);
}

/** The account's windows noted as holding changes, each with when it ends. */
export async function heldWindows(kv: ControlKV, accountId: string): Promise<Array<[string, number]>> {
  return Object.entries(await kv.readFields(heldKey(accountId))).map(([field, endsAt]) => [field, Number(endsAt)]);
}

/** Forgets the user's windows in these systems of the namespace (the user is erased: they name the person). */
export async function forgetPointsWindowsOf(
  kv: ControlKV,
  accountId: string,
  store: string,
  userId: string,
  systems: readonly string[],
): Promise<void> {
  const fields = systems.map((system) => pointsWindowField(store, userId, system));
  for (const field of fields) await kv.remove(windowKey(accountId, field));
  if (fields.length > 0) await kv.removeFields(heldKey(accountId), fields);
}
