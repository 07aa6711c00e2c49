/**
 * Erasing a user of one namespace (S26), for the admin route and the CLI: everything the
 * namespace's store keeps of them (`engine.deleteUser`: state, journal, idempotency records, outbox
 * entries, index lines, place in the user list; the activity counts stay), then the webhook
 * deliveries queued for them to any endpoint of the account, pending or logged, the control
 * plane's note of which pauses were theirs and the windows of their points webhooks (with the
 * changes held in them), and the streak answers this process keeps for them.
 *
 * A delivery being sent at that moment may still arrive: its attempt's outcome is then dropped
 * (`finish` finds nothing) and it is never tried again. So may the deliveries of a relay pass that
 * read the user's outbox entries just before the erasure and queues them just after it: erasing
 * the user again (an unknown user then, answered as such) takes those away too. The deliveries go
 * by the user's order key over the account's endpoints, which every namespace of the account
 * shares; the key names the namespace with the user (spaces.ts deliveryOrderKey), so a user of the
 * same id in another namespace of the account keeps theirs.
 * The streak answers other processes keep are not reached, and need not be: each is checked against
 * the user's version and the store's count of their erasures (core read-stamp.ts), which the erasure
 * grows, so none is answered again for a new user of the id, whose versions start again at 1.
 */
import type { Backend } from '../backend/backend.js';
import type { Engines } from '../engines/engines.js';
import type { ReadCache } from '../engines/read-cache.js';
import { deliveryOrderKey, type Space } from '../backend/spaces.js';
import { forgetPointsWindowsOf } from '../control/points-windows.js';

export interface Erasure {
  /** whether the namespace's store held the user */
  readonly erased: boolean;
  /** how many webhook deliveries were forgotten */
  readonly deliveries: number;
}

export async function eraseUser(
  backend: Backend,
  engines: Engines,
  space: Space,
  userId: string,
  reads?: ReadCache,
): Promise<Erasure> {
  const { engine, config } = await engines.runtimeFor(space);
  const erased = await engine.deleteUser(userId);
  reads?.forget(userId);
  // the control plane's note of whose each pause was names the user too
  await backend.control.forgetPausesOf(space.store, userId);
  // and so do the windows of their points.changed deliveries (S38), with the changes they hold
  await forgetPointsWindowsOf(
    backend.control.kv,
    space.accountId,
    space.store,
    userId,
    (config.points ?? []).map((system) => system.key),
  );
  // every endpoint of the account, those turned off too: their logs name the person as well
  const endpoints = await backend.control.webhooks(space.accountId);
  const deliveries = await backend.deliveries.removeOrderKey(
    endpoints.map((endpoint) => endpoint.id),
    deliveryOrderKey(space, userId),
  );
  return { erased, deliveries };
}
