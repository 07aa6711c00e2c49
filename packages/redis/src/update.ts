/**
 * `update`: optimistic compare-and-set on the user's version. Read with plain reads, run the step,
 * commit everything with one script that first checks the version is still the one read; on a
 * mismatch read again and run the step again, a bounded number of times with jittered backoff
 * (S21). Then the account's index and user list, by a second script in the account's slot.
 */
import { StoreError, type IndexEntry, type StepResult, type UpdateOptions, type UserSnapshot, type UserWrite } from '@kindling/core';
import { formatHistoryValue, formatJournalLine } from './codec.js';
import type { Connection } from './connection.js';
import { encodeMember, historyField, idempotencyField, indexKeyList, rollupField, type AccountKeys, type UserKeys } from './keys.js';
import { readSnapshot } from './user-reads.js';

export interface UpdateContext {
  readonly connection: Connection;
  readonly keys: AccountKeys;
  /** attempts before giving up on a user that concurrent writers keep changing */
  readonly maxAttempts: number;
  /** told when the index could not be brought up to date after a committed write */
  readonly onIndexError: (error: StoreError, userId: string) => void;
}

function commitArgs(write: UserWrite, version: number, stateJson: string): Array<string | number> {
  const args: Array<string | number> = [version, stateJson, write.replaceHistory ? '1' : '0', write.history.length];
  for (const entry of write.history) args.push(historyField(entry.streak, entry.period), formatHistoryValue(entry));
  args.push(write.rollups.length);
  for (const rollup of write.rollups) args.push(rollupField(rollup.metric, rollup.dayStart, rollup.day), String(rollup.value), String(rollup.lastAt), String(rollup.version));
  const lines = [
    ...(write.zoneChange ? [formatJournalLine({ zone: write.zoneChange })] : []),
    ...(write.action ? [formatJournalLine({ action: write.action })] : []),
  ];
  args.push(lines.length, ...lines);
  if (write.idempotency) args.push(idempotencyField(write.idempotency.metric, write.idempotency.key), JSON.stringify(write.idempotency.response));
  else args.push('', '');
  return args;
}

const isCount = (n: number) => Number.isInteger(n) && n >= 0;
const isInstant = (n: number) => Number.isFinite(n);

/** A write this store can keep: the next version of the same user, and well-formed numbers. */
function checkWrite(write: UserWrite, userId: string, version: number): void {
  if (write.user.id !== userId) throw new StoreError(`a step for user "${userId}" wrote the state of user "${write.user.id}"`);
  if (write.user.version !== version + 1) {
    throw new StoreError(`a step for user "${userId}" must write version ${version + 1} (one above the version read), got ${write.user.version}`);
  }
  for (const rollup of write.rollups) {
    if (!Number.isFinite(rollup.value) || !isInstant(rollup.lastAt) || !Number.isInteger(rollup.dayStart) || !Number.isInteger(rollup.day)) {
      throw new StoreError(`a step for user "${userId}" wrote a rollup with a value, lastAt, dayStart or day that is not a number: ${JSON.stringify(rollup)}`);
    }
  }
  for (const entry of write.index ?? []) {
    if (!isCount(entry.length) || !isCount(entry.longest) || !isInstant(entry.deadAt) || !isInstant(entry.expiresAt)) {
      throw new StoreError(`a step for user "${userId}" wrote an index entry with lengths or instants out of range: ${JSON.stringify(entry)}`);
    }
  }
}

/** Full jitter over an exponential ceiling: 1, 2, 4 … 64 ms. */
function backoff(attempt: number): Promise<void> {
  const ceiling = 2 ** Math.min(attempt - 1, 6);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}

/** Applies a committed write's index lines (each only if newer than the recorded one) and lists the user. */
export async function applyIndex(context: UpdateContext, userId: string, version: number, lines: readonly IndexEntry[]): Promise<void> {
  // One line per rule (the last one given): the script reads every old line before writing any.
  const entries = [...new Map(lines.map((entry) => [entry.streak, entry])).values()];
  const keys = [context.keys.users, ...entries.flatMap((entry) => indexKeyList(context.keys.index(entry.streak)))];
  const args: Array<string | number> = [encodeMember(userId), version];
  for (const entry of entries) args.push(String(entry.length), String(entry.longest), String(entry.deadAt), String(entry.expiresAt));
  // Tried twice: a committed write stays committed; a stale index line heals at the user's next write.
  try {
    await context.connection.runScript('kindlingIndex', keys, args);
  } catch {
    try {
      await context.connection.runScript('kindlingIndex', keys, args);
    } catch (error) {
      context.onIndexError(error instanceof StoreError ? error : new StoreError(String(error), { cause: error }), userId);
    }
  }
}

export async function updateUser<T>(
  context: UpdateContext,
  userId: string,
  step: (snapshot: UserSnapshot) => StepResult<T>,
  options: UpdateOptions | undefined,
): Promise<T> {
  const keys: UserKeys = context.keys.user(userId);
  const keyList = [keys.state, keys.hist, keys.roll, keys.journal, keys.idem];
  for (let attempt = 1; ; attempt++) {
    const snapshot = await readSnapshot(context.connection, keys, options);
    const { result, write } = step({ user: snapshot.user, replay: snapshot.replay, journal: snapshot.journal });
    if (write === undefined) return result;
    checkWrite(write, userId, snapshot.version);
    const committed = await context.connection.runScript('kindlingCommit', keyList, commitArgs(write, snapshot.version, JSON.stringify(write.user)));
    if (committed === 1) {
      await applyIndex(context, userId, write.user.version, write.index ?? []);
      return result;
    }
    if (attempt >= context.maxAttempts) {
      throw new StoreError(`update of user "${userId}" gave up after ${attempt} attempts: concurrent writers changed the user each time`);
    }
    await backoff(attempt);
  }
}
