/**
 * A user's line in a rule's analytics index: the current and longest length, when `expires` ends
 * (S15), and when the streak will be lost if nothing more happens (S10, S11). Stores keep these as
 * events arrive, so analytics and reminders never scan every user.
 */
import { earnThrough } from './freezes.js';
import type { StreakRule } from './rules.js';
import { NEVER, type IndexEntry, type StreakState, type UserState } from './state.js';
import { dayExists, dayStartInstant } from './time/local-date.js';
import type { ZoneOffsets } from './time/zone-offsets.js';
import { zoneFor } from './reduce.js';
import { expiryDay } from './view.js';

/** Periods looked ahead before a streak that freezes keep alive is called immortal. */
/** A state whose every field a caller overwrites: what scratch copies start from. */
function blankState(): StreakState {
  return {
    since: 0,
    day: 0,
    period: 0,
    progress: {},
    met: false,
    length: 0,
    longest: 0,
    started: null,
    freezes: 0,
    earnedThrough: 0,
    lost: null,
    lastAt: null,
    extendedAt: null,
    pauses: [],
  };
}

const HORIZON = 1000;

/** What lossInstant settles periods on: one object reused from call to call (nothing here awaits). */
const probe: StreakState = blankState();

/**
 * The instant the streak is lost if no event comes: the start of the period after the first one
 * nothing protects. Each period from the first still to be met is settled as `advanceTo` settles a
 * missed one (earnings up to its end, then `protect`: a day the zone skipped, a pause, a freeze, or
 * the loss), on the freezes alone, which is all that decides a missed period: no copy of the state,
 * no held periods collected (the copy and advanceTo per period were most of an index line's cost,
 * packages/core/bench). A property test holds it to settling with advanceTo itself.
 */
export function lossInstant(state: StreakState, rule: StreakRule, zone: ZoneOffsets): number {
  if (state.length === 0) return 0;
  const calendar = rule.calendar;
  let period = state.met ? state.period + 1 : state.period;
  const pauses = state.pauses;
  if (state.freezes === 0 && pauses.length === 0 && rule.freezes.earnEvery === 0) {
    return dayStartInstant(calendar.endOf(period) + 1, zone, rule.dayStartMs);
  }
  probe.since = state.since;
  probe.earnedThrough = state.earnedThrough;
  probe.freezes = state.freezes;
  const daily = rule.frequency === 'daily';
  for (let steps = 0; steps < HORIZON; steps++, period++) {
    const start = calendar.startOf(period);
    const end = calendar.endOf(period);
    earnThrough(probe, rule, end, null);
    if (daily && !dayExists(start, zone, rule.dayStartMs)) continue;
    if (pauses.length !== 0 && pauses.some((pause) => pause.start <= end && pause.end >= start)) continue;
    if (probe.freezes > 0) {
      probe.freezes -= 1;
      continue;
    }
    return dayStartInstant(end + 1, zone, rule.dayStartMs);
  }
  return NEVER;
}

/**
 * The local day start at which the user next earns a freeze: the first earning day after the days
 * earned through, while the user holds fewer than the most (S12); NEVER otherwise. Only `since` and
 * `freezes` decide it among what changes: the days earned through move past an earning day only by
 * earning (freezes move) or while at the most (NEVER before and after).
 */
export function earningInstant(state: StreakState, rule: StreakRule, zone: ZoneOffsets): number {
  const { earnEvery, max } = rule.freezes;
  if (earnEvery === 0 || state.freezes >= max) return NEVER;
  const next = state.since + (Math.floor((state.earnedThrough - state.since) / earnEvery) + 1) * earnEvery;
  return dayStartInstant(next, zone, rule.dayStartMs);
}

export function indexEntry(state: StreakState, rule: StreakRule, zone: ZoneOffsets): IndexEntry {
  const alive = state.length > 0;
  return {
    streak: rule.key,
    length: state.length,
    longest: state.longest,
    deadAt: lossInstant(state, rule, zone),
    expiresAt: alive ? dayStartInstant(expiryDay(state, rule) + 1, zone, rule.dayStartMs) : 0,
    earnsAt: earningInstant(state, rule, zone),
  };
}

/** The index lines of every rule the user has a state for. */
export function indexEntries(user: UserState, rules: readonly StreakRule[]): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const rule of rules) {
    const state = user.streaks[rule.key];
    if (state !== undefined) entries.push(indexEntry(state, rule, zoneFor(user, rule)));
  }
  return entries;
}

/**
 * The lines of `after` that differ from the user's lines before (`before`, null for a new user):
 * a store keeps the lines it was given, so an unchanged line need not be written again (most
 * events of a day change none).
 */
export function changedEntries(before: readonly IndexEntry[] | null, after: IndexEntry[]): IndexEntry[] {
  if (before === null || before.length === 0) return after;
  return after.filter((line) => {
    const old = before.find((entry) => entry.streak === line.streak);
    return (
      old === undefined ||
      old.length !== line.length ||
      old.longest !== line.longest ||
      old.deadAt !== line.deadAt ||
      old.expiresAt !== line.expiresAt ||
      (old.earnsAt ?? NEVER) !== (line.earnsAt ?? NEVER)
    );
  });
}

/** The index lines a write changes, and the line each replaces as the engine knew it (UserWrite.indexBefore). */
export interface ChangedLines {
  readonly index: IndexEntry[];
  readonly indexBefore: Array<IndexEntry | undefined>;
}

/**
 * The index lines an event changed, without computing every line twice per event: `note` keeps,
 * before the reducer updates the state in place, a copy of each rule's state (into objects reused
 * from event to event) and the zone; `changed` then computes the lines, before and after, only of
 * the rules where something a line is made of moved. It answers what
 * `changedEntries(indexEntries(before), indexEntries(after))` answers (a property test holds it to
 * that), for about a tenth of the cost (packages/core/bench): most events only add to the current
 * period.
 *
 * A line is made of `length`, `longest`, and of what `lossInstant`, `expiryDay` and
 * `earningInstant` read: the first
 * period still to be met (`period`, or the one after it once `met`), `freezes`, `pauses`, `since`
 * (earnings count from it) and the zone. Both start from that period, so a new period whose first
 * event does not meet it (the period after a met one) leaves the line as it was. Not of
 * `earnedThrough` or `day`: the earnings between the two are either none (the freezes did not move)
 * or capped at the maximum, and the loss instant settles the periods from that period's end on,
 * after every earning up to it. Comparing the period still to be met rather than `met` and `period`
 * skips about half the lines computed before (packages/core/bench). A field these come to read must
 * be compared here too.
 *
 * One watch per engine: the write steps that use it are synchronous, so one event's note and
 * changed never interleave with another's.
 */
export function indexWatch(rules: readonly StreakRule[]): {
  note(user: UserState | null): void;
  /** the lines of `user` that changed; `stored`, the user's lines as the store holds them, when it has them at hand */
  changed(user: UserState, stored?: readonly IndexEntry[] | null): IndexEntry[];
  /** the same as a write carries them: `index`, and in `indexBefore` the line each replaces (UserWrite) */
  changedLines(user: UserState, stored?: readonly IndexEntry[] | null): ChangedLines;
} {
  const saved: StreakState[] = rules.map(blankState);
  const had: boolean[] = rules.map(() => false);
  const zones: Array<ZoneOffsets | null> = rules.map(() => null);
  return {
    note(user) {
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i] as StreakRule;
        const state = user === null ? undefined : user.streaks[rule.key];
        had[i] = state !== undefined;
        if (state === undefined) continue;
        const copy = saved[i] as StreakState;
        copy.since = state.since;
        copy.day = state.day;
        copy.period = state.period;
        copy.progress = state.progress;
        copy.met = state.met;
        copy.length = state.length;
        copy.longest = state.longest;
        copy.started = state.started;
        copy.freezes = state.freezes;
        copy.earnedThrough = state.earnedThrough;
        copy.lost = state.lost;
        copy.lastAt = state.lastAt;
        copy.extendedAt = state.extendedAt;
        copy.pauses = state.pauses;
        zones[i] = zoneFor(user, rule);
      }
    },
    changed(user, stored) {
      return this.changedLines(user, stored).index;
    },
    changedLines(user, stored) {
      const lines: IndexEntry[] = [];
      const before: Array<IndexEntry | undefined> = [];
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i] as StreakRule;
        const state = user.streaks[rule.key];
        if (state === undefined) continue;
        const zone = zoneFor(user, rule);
        const earlier = saved[i] as StreakState;
        const was = zones[i] as ZoneOffsets;
        if (had[i] && sameLineInputs(earlier, was, state, zone)) continue;
        const line = indexEntry(state, rule, zone);
        let replaced: IndexEntry | undefined;
        if (stored != null) {
          // The line kept is the line before: compared with it rather than computed again.
          replaced = stored.find((entry) => entry.streak === rule.key);
          if (replaced !== undefined && sameLine(replaced, line)) continue;
        } else if (had[i]) {
          replaced = indexEntry(earlier, rule, was);
          if (sameLine(replaced, line)) continue;
        }
        lines.push(line);
        before.push(replaced);
      }
      return { index: lines, indexBefore: before };
    },
  };
}

function sameLineInputs(a: StreakState, aZone: ZoneOffsets, b: StreakState, bZone: ZoneOffsets): boolean {
  return (
    a.length === b.length &&
    a.longest === b.longest &&
    (a.met ? a.period + 1 : a.period) === (b.met ? b.period + 1 : b.period) &&
    a.freezes === b.freezes &&
    a.pauses === b.pauses &&
    a.since === b.since &&
    aZone === bZone
  );
}

function sameLine(a: IndexEntry, b: IndexEntry): boolean {
  return (
    a.length === b.length &&
    a.longest === b.longest &&
    a.deadAt === b.deadAt &&
    a.expiresAt === b.expiresAt &&
    (a.earnsAt ?? NEVER) === (b.earnsAt ?? NEVER)
  );
}
