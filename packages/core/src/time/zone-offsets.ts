/**
 * UTC offsets of one IANA zone, looked up without a formatter call per instant.
 *
 * The offset of every UTC day is computed once (two formatter calls, plus a binary search to the
 * second on the rare day that holds a transition) and cached. A lookup is then one Map access.
 * Assumes at most one offset transition per UTC day, which holds for every zone of the database.
 */
import { dayFromCivil, DAY_MS } from './calendar.js';

interface DayOffsets {
  /** offset (ms) before `at` */
  readonly before: number;
  /** offset (ms) from `at` on */
  readonly after: number;
  /** instant of the transition inside this UTC day, or +Infinity when there is none */
  readonly at: number;
}

const MAX_CACHED_DAYS = 100_000;

export class ZoneOffsets {
  readonly name: string;
  private readonly format: Intl.DateTimeFormat;
  private readonly days = new Map<number, DayOffsets>();
  private lastKey = Number.NaN;
  private lastEntry: DayOffsets = { before: 0, after: 0, at: Number.POSITIVE_INFINITY };

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
    const key = Math.floor(t / DAY_MS);
    let entry = this.lastEntry;
    if (key !== this.lastKey) {
      // Events arrive roughly in time order: most lookups hit the day looked up last.
      entry = this.days.get(key) ?? this.fill(key);
      this.lastKey = key;
      this.lastEntry = entry;
    }
    return t < entry.at ? entry.before : entry.after;
  }

  /** The first transition instant in (from, to], if there is one. */
  transitionIn(from: number, to: number): number | undefined {
    let previous: DayOffsets | undefined;
    for (let key = Math.floor(from / DAY_MS); key <= Math.floor(to / DAY_MS); key++) {
      const entry = this.days.get(key) ?? this.fill(key);
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
    const entry: DayOffsets = { before, after, at };
    if (this.days.size >= MAX_CACHED_DAYS) this.days.clear();
    this.days.set(key, entry);
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
