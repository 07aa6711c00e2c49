/**
 * UTC offsets of one IANA zone, looked up without a formatter call per instant.
 *
 * The offset of every UTC day is computed once (two formatter calls, plus a binary search to the
 * second on the rare day that holds a transition) and cached. A lookup is then one Map access.
 * Assumes at most one offset transition per UTC day, which holds for every zone of the database.
 *
 * Where clocks fall back, the wall times just passed come again. `wallAt` reads the wall clock as
 * never going back: through the repeated stretch it stays at the last wall time before the clocks
 * fell back, so a local date, once begun, is never left for an earlier one (S2).
 */
import { dayFromCivil, DAY_MS } from './calendar.js';

interface BareOffsets {
  /** offset (ms) before `at` */
  readonly before: number;
  /** offset (ms) from `at` on */
  readonly after: number;
  /** instant of the transition inside this UTC day, or +Infinity when there is none */
  readonly at: number;
}

interface DayOffsets extends BareOffsets {
  /**
   * The stretch of this UTC day, if any, after clocks fell back and before they reached again the
   * wall time they fell back from: [heldFrom, heldUntil), +Infinity both when there is none.
   */
  readonly heldFrom: number;
  readonly heldUntil: number;
  /** the wall time (ms) one millisecond before the clocks fell back: `wallAt` through the stretch */
  readonly heldWall: number;
}

const NOT_HELD = Number.POSITIVE_INFINITY;
/** How many UTC days back a fall-back may still hold the wall clock: 1867's Alaska went back a whole day. */
const HELD_DAYS_BACK = 2;

const MAX_CACHED_DAYS = 100_000;

export class ZoneOffsets {
  readonly name: string;
  private readonly format: Intl.DateTimeFormat;
  private readonly days = new Map<number, DayOffsets>();
  private readonly bareDays = new Map<number, BareOffsets>();
  private lastKey = Number.NaN;
  private lastEntry: DayOffsets = {
    before: 0,
    after: 0,
    at: Number.POSITIVE_INFINITY,
    heldFrom: NOT_HELD,
    heldUntil: NOT_HELD,
    heldWall: 0,
  };

  constructor(name: string) {
    this.name = name;
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Offset in ms to add to the instant `t` (epoch ms) to get the zone's wall-clock time. */
  offsetAt(t: number): number {
    const entry = this.entryAt(t);
    return t < entry.at ? entry.before : entry.after;
  }

  /**
   * The zone's wall-clock time at instant `t` (ms on a clock whose day 0 is 1970-01-01), read as
   * never going back: where clocks fell back, the wall time one millisecond before they did, until
   * the clock reaches it again. Equal to `t + offsetAt(t)` everywhere else.
   */
  wallAt(t: number): number {
    const entry = this.entryAt(t);
    if (t >= entry.heldFrom && t < entry.heldUntil) return entry.heldWall;
    return t + (t < entry.at ? entry.before : entry.after);
  }

  private entryAt(t: number): DayOffsets {
    const key = Math.floor(t / DAY_MS);
    if (key === this.lastKey) return this.lastEntry;
    // Events arrive roughly in time order: most lookups hit the day looked up last.
    const entry = this.days.get(key) ?? this.fill(key);
    this.lastKey = key;
    this.lastEntry = entry;
    return entry;
  }

  /** The first transition instant in (from, to], if there is one. */
  transitionIn(from: number, to: number): number | undefined {
    let previous: BareOffsets | undefined;
    for (let key = Math.floor(from / DAY_MS); key <= Math.floor(to / DAY_MS); key++) {
      const entry = this.bare(key);
      // A transition exactly at 00:00:00 UTC belongs to no day's entry: it shows only as the
      // previous day ending on another offset than this day begins with.
      const start = key * DAY_MS;
      if (previous !== undefined && previous.after !== entry.before && start > from && start <= to) return start;
      if (entry.at > from && entry.at <= to) return entry.at;
      previous = entry;
    }
    return undefined;
  }

  private fill(key: number): DayOffsets {
    const bare = this.bare(key);
    let heldFrom = NOT_HELD;
    let heldUntil = NOT_HELD;
    let heldWall = 0;
    const start = key * DAY_MS;
    const end = start + DAY_MS;
    // The latest fall-back whose repeated stretch reaches into this UTC day, from this day or the
    // ones before; a transition at 00:00:00 UTC shows only as two days' offsets that differ.
    const holdIfFallingBack = (at: number, before: number, after: number): void => {
      if (before <= after || at >= end || at + before - after <= start) return;
      heldFrom = at;
      heldUntil = at + before - after;
      heldWall = at - 1 + before;
    };
    let previous = this.bare(key - HELD_DAYS_BACK - 1);
    for (let k = key - HELD_DAYS_BACK; k <= key; k++) {
      const entry = k === key ? bare : this.bare(k);
      holdIfFallingBack(k * DAY_MS, previous.after, entry.before);
      holdIfFallingBack(entry.at, entry.before, entry.after);
      previous = entry;
    }
    const full: DayOffsets = { before: bare.before, after: bare.after, at: bare.at, heldFrom, heldUntil, heldWall };
    if (this.days.size >= MAX_CACHED_DAYS) this.days.clear();
    this.days.set(key, full);
    return full;
  }

  /** The offsets of one UTC day alone, computed once. */
  private bare(key: number): BareOffsets {
    const known = this.bareDays.get(key);
    if (known !== undefined) return known;
    const start = key * DAY_MS;
    const last = start + DAY_MS - 1000;
    const before = this.compute(start);
    const after = this.compute(last);
    let at = Number.POSITIVE_INFINITY;
    if (before !== after) {
      let lo = start;
      let hi = last;
      while (hi - lo > 1000) {
        const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
        if (this.compute(mid) === before) lo = mid;
        else hi = mid;
      }
      at = hi;
    }
    const entry: BareOffsets = { before, after, at };
    if (this.bareDays.size >= MAX_CACHED_DAYS) this.bareDays.clear();
    this.bareDays.set(key, entry);
    return entry;
  }

  /** One formatter call: wall time at `t` minus `t`, to the second. */
  private compute(t: number): number {
    const whole = Math.floor(t / 1000) * 1000;
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    for (const part of this.format.formatToParts(whole)) {
      switch (part.type) {
        case 'year':
          year = Number(part.value);
          break;
        case 'month':
          month = Number(part.value);
          break;
        case 'day':
          day = Number(part.value);
          break;
        case 'hour':
          hour = Number(part.value);
          break;
        case 'minute':
          minute = Number(part.value);
          break;
        case 'second':
          second = Number(part.value);
          break;
        default:
          break;
      }
    }
    const wall = dayFromCivil(year, month, day) * DAY_MS + hour * 3_600_000 + minute * 60_000 + second * 1000;
    return wall - whole;
  }
}
