/**
 * Every state the engine uses was computed under its own rules (S20). A user state stamped with
 * another rules fingerprint (fingerprint.ts) was made before an owner changed the rules, or by a
 * process that still runs the old ones: it is rebuilt from the journal first, then used. Every
 * write stamps the engine's fingerprint, so the state always follows the rules that wrote it last.
 *
 * On the hot path this costs one string comparison: a write step that meets a stale state answers
 * STALE without writing; only then is the journal loaded (a rebuild in a step of its own) and the
 * step run again. A writer in between is fine: stores refuse a write that is not one version above
 * the one read, and run the step again on what is there.
 */
import { StoreError } from './errors.js';
import { indexEntries } from './index-entry.js';
import { boardsWatch } from './leaderboards/boards-watch.js';
import { pointsLines } from './points/points-line.js';
import { madeUnder, madeUnderStreakRules, stamp, type RulesStamp, type Stamped } from './fingerprint.js';
import { rebuildUser, refreshAchievements } from './rebuild.js';
import type { Model } from './reduce.js';
import { cloneUser, type Journal, type UserState } from './state.js';
import type { StepResult, Store, UpdateOptions, UserSnapshot } from './store.js';

export interface CurrentRules {
  /** the fingerprint of the engine's rules, stamped on every write (fingerprint.ts) */
  readonly fingerprint: string;
  /** Whether a state was made under these rules. */
  isCurrent(user: Stamped): boolean;
  /** Whether a state was made under these streak rules (its streaks stand; only achievements may differ). */
  keepsStreaks(user: Stamped): boolean;
  /** `store.update` whose step only ever sees a state computed under these rules; its write is stamped */
  update<T>(
    userId: string,
    at: number,
    step: (snapshot: UserSnapshot) => StepResult<T>,
    options?: UpdateOptions,
  ): Promise<T>;
  /** the user's committed state, rebuilt under these rules first if it was made under others; null for a user never seen */
  load(userId: string, at: number): Promise<UserState | null>;
  /**
   * Rebuild the user from the journal and commit (`always`); else bring a state made under other
   * rules to these: rebuilt when its streak rules differ, its achievements alone recomputed when
   * only they do. The state after, or null.
   */
  rebuild(userId: string, at: number, always: boolean): Promise<UserState | null>;
}

/** How often a write step may find the state made under other rules before giving up: another process rewrites it each time. */
const MAX_REBUILDS = 8;

const STALE: unique symbol = Symbol('stale');
const STALE_STEP: StepResult<typeof STALE> = Object.freeze({ result: STALE });
const NO_JOURNAL: Journal = Object.freeze({ rollups: [], zoneChanges: [], actions: [] });

export function keepCurrent(store: Store, model: Model, rules: RulesStamp): CurrentRules {
  const points = model.points ?? [];
  const boardLines = boardsWatch(model.boards ?? []);
  const fingerprint = rules.fingerprint;
  const isCurrent = (user: Stamped): boolean => madeUnder(user, rules);
  const keepsStreaks = (user: Stamped): boolean => madeUnderStreakRules(user, rules);
  function rebuild(userId: string, at: number, always: boolean): Promise<UserState | null> {
    return store.update<UserState | null>(
      userId,
      ({ user, journal }) => {
        if (user === null) return { result: null };
        if (!always && isCurrent(user)) return { result: user };
        if (!always && keepsStreaks(user)) {
          const refreshed = refreshAchievements(user, model, at);
          return {
            result: cloneUser(refreshed.user),
            write: {
              user: refreshed.user,
              history: [],
              rollups: [],
              index: indexEntries(refreshed.user, model.rules),
              pointsLines: pointsLines(refreshed.user, points),
              ...(refreshed.completed.length > 0
                ? { activity: { days: [], metrics: [], achievements: refreshed.completed } }
                : {}),
            },
          };
        }
        // rebuildUser stamps the state with the fingerprint of `model`'s rules.
        boardLines.note(user);
        const rebuilt = rebuildUser(user, journal ?? NO_JOURNAL, model, at);
        // a streak the rebuild made longer or shorter moves its boards, as any change of it does
        const onBoards = boardLines.moved(rebuilt.user, { at }, at);
        return {
          result: cloneUser(rebuilt.user),
          write: {
            user: rebuilt.user,
            history: rebuilt.history,
            replaceHistory: true,
            rollups: [],
            index: indexEntries(rebuilt.user, model.rules),
            // a rebuild writes every points line: what brings back lines a store lacks
            pointsLines: pointsLines(rebuilt.user, points),
            boardLines: onBoards.lines,
            // Backdated completions are counted (an achievement's rarity is the share of users who
            // hold it) but sent nowhere: no outbox entry (S22).
            ...(rebuilt.completed.length > 0
              ? { activity: { days: [], metrics: [], achievements: rebuilt.completed } }
              : {}),
          },
        };
      },
      { journal: true },
    );
  }

  function update<T>(
    userId: string,
    at: number,
    step: (snapshot: UserSnapshot) => StepResult<T>,
    options?: UpdateOptions,
  ): Promise<T> {
    const guarded = (snapshot: UserSnapshot): StepResult<T | typeof STALE> => {
      if (snapshot.user !== null && !isCurrent(snapshot.user)) return STALE_STEP;
      const outcome = step(snapshot);
      if (outcome.write !== undefined) stamp(outcome.write.user, rules);
      return outcome;
    };
    // One `then` on the store's promise rather than an async function around it: on the memory
    // store the promises per call were a measurable share of engine.record (packages/core/bench).
    return store
      .update(userId, guarded, options)
      .then((result) => (result === STALE ? afterStale(userId, at, guarded, options) : result));
  }

  /** The step met a state made under other rules: rebuild it, and run the step again, a bounded number of times. */
  async function afterStale<T>(
    userId: string,
    at: number,
    guarded: (snapshot: UserSnapshot) => StepResult<T | typeof STALE>,
    options?: UpdateOptions,
  ): Promise<T> {
    for (let rebuilds = 0; ; rebuilds++) {
      if (rebuilds === MAX_REBUILDS) {
        throw new StoreError(
          `user ${JSON.stringify(userId)} was rewritten under other rules ${MAX_REBUILDS} times while this engine rebuilt it: is another process still running other rules?`,
        );
      }
      await rebuild(userId, at, false);
      const result = await store.update(userId, guarded, options);
      if (result !== STALE) return result;
    }
  }

  async function load(userId: string, at: number): Promise<UserState | null> {
    const user = await store.load(userId);
    if (user === null || isCurrent(user)) return user;
    return rebuild(userId, at, false);
  }

  return { fingerprint, isCurrent, keepsStreaks, update, load, rebuild };
}
