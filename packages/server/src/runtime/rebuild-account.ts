/**
 * Rebuilding every user of one account with an engine of its current configuration, keeping the
 * progress in the control plane (at most every 250 ms) so that any process can show it.
 */
import type { Engine } from '@kindling/core';
import type { Control } from '../control/control.js';
import type { Rebuild } from '../control/types.js';

export async function rebuildAccount(
  control: Control,
  accountId: string,
  engine: Engine,
  version: number,
  options: { clock?: () => number; onProgress?: (done: number, total: number) => void } = {},
): Promise<Rebuild> {
  const clock = options.clock ?? Date.now;
  const instant = () => new Date(clock()).toISOString();
  let state: Rebuild = { status: 'running', done: 0, total: 0, startedAt: instant(), finishedAt: null, error: null, version };
  await control.setRebuild(accountId, state);
  let savedAt = clock();
  let saving: Promise<void> = Promise.resolve();
  try {
    const { users } = await engine.rebuildAll({
      onProgress: ({ done, total }) => {
        state = { ...state, done, total };
        options.onProgress?.(done, total);
        if (clock() - savedAt >= 250) {
          savedAt = clock();
          const snapshot = state;
          saving = saving.then(() => control.setRebuild(accountId, snapshot));
        }
      },
    });
    await saving;
    state = { ...state, status: 'done', done: users, total: users, finishedAt: instant() };
  } catch (error) {
    await saving.catch(() => {});
    state = { ...state, status: 'failed', error: error instanceof Error ? error.message : String(error), finishedAt: instant() };
  }
  await control.setRebuild(accountId, state);
  return state;
}
