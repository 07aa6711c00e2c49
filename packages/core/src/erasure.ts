/**
 * Erasing a user (S26): the owner's answer to a person who asks to be forgotten. The store removes
 * everything it keeps of the user in one step, in turn with the user's updates (Store.deleteUser);
 * the account's activity counters keep their counts, which hold no person. Not journaled: a journal
 * line would be the very thing erasure takes away.
 */
import type { EngineContext } from './engine-context.js';
import { checkUserId } from './validate.js';

/** True when the store held the user, false when it did not (nothing changed then). */
export async function eraseUser(ctx: EngineContext, userId: string): Promise<boolean> {
  return ctx.store.deleteUser(checkUserId(userId));
}
