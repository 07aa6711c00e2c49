/**
 * The leaderboard rules over many drawn boards, zones and changes: every local date of a board lies
 * in exactly one run, runs following each other without gap (S41); a run is open wherever on Earth
 * one of its dates is under way (S42); a run's value is the sum of exactly the changes of its local
 * dates inside the window (S43, S44); ranks are a permutation ordered by value then first reached,
 * and a ranking applied in any order, twice, equals one rebuilt from the final standings (S45); a
 * newcomer enters the visible board exactly when they reach the threshold (S46).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardArb, HOUR } from '../../test/leaderboard-examples.js';
import { EDGE_ZONES, propertyRuns } from '../../test/time-arbitraries.js';
import { DAY_MS } from '../time/calendar.js';
import { zoneOf } from '../time/local-date.js';
import { runAt, runOfIndex, runStartOf } from './board-runs.js';
import { countOnBoard, type BoardChange } from './count-on-board.js';
import { compareEntries, thresholdOf, visibleRank } from './entry-order.js';
import type { BoardEntry, BoardStanding } from './leaderboard-types.js';
import { runClosesAt, runOpensAt } from './run-instants.js';
import { RunRanking } from './run-ranking.js';
import { isInWindow } from './time-window.js';

const runs = { numRuns: propertyRuns(300) };

describe('leaderboard properties', () => {
  it('S41: every date from the start to the end lies in exactly one run, and runs follow without gap', () => {
    fc.assert(
      fc.property(boardArb, fc.integer({ min: 0, max: 800 }), (b, span) => {
        const last = b.end ?? b.start + span;
        let expected = 0;
        let run = runAt(b, b.start);
        expect(run?.start).toBe(b.start);
        for (let d = b.start; d <= Math.min(last, b.start + span); d++) {
          const holding = runAt(b, d);
          if (holding === null) throw new Error(`no run holds ${d}`);
          if (holding.start !== run?.start) {
            // a new run starts the day after the last one ended
            expect(holding.start).toBe((run?.end ?? Number.NaN) + 1);
            expected += 1;
            run = holding;
          }
          expect(holding.index).toBe(expected);
          expect(holding.start <= d && (holding.end === null || d <= holding.end)).toBe(true);
          if (b.repeat !== null) expect(holding.start).toBe(runStartOf(b.start, b.repeat, holding.index));
          expect(runOfIndex(b, holding.index)).toEqual(holding);
        }
        expect(runAt(b, b.start - 1)).toBeNull();
        if (b.end !== null) expect(runAt(b, b.end + 1)).toBeNull();
      }),
      runs,
    );
  });

  it('S42: a run is open at every instant one of its dates is under way in some zone', () => {
    fc.assert(
      fc.property(
        boardArb,
        fc.constantFrom(...EDGE_ZONES),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: DAY_MS - 1 }),
        (b, zone, offset, ms) => {
          const d = b.start + offset;
          const run = runAt(b, d);
          if (run === null) return;
          // an instant whose local date in `zone` is d
          const offsets = zoneOf(zone);
          const guess = d * DAY_MS + ms;
          const at = guess - offsets.offsetAt(guess);
          if (Math.floor((at + offsets.offsetAt(at)) / DAY_MS) !== d) return;
          expect(at).toBeGreaterThanOrEqual(runOpensAt(run.start));
          if (run.end !== null) expect(at).toBeLessThan(runClosesAt(run.end));
        },
      ),
      runs,
    );
  });

  it('S43, S44: a run’s value is the sum of the changes on its dates, inside the window, at or after activation', () => {
    const changeArb = fc.record({
      amount: fc.integer({ min: -5, max: 9 }),
      offset: fc.integer({ min: -3, max: 60 }),
      hour: fc.integer({ min: 0, max: 23 }),
    });
    const windowArb = fc.option(
      fc
        .record({
          from: fc.option(fc.integer({ min: 0, max: 23 }), { nil: null }),
          until: fc.option(fc.integer({ min: 0, max: 23 }), { nil: null }),
        })
        .filter((w) => (w.from !== null || w.until !== null) && w.from !== w.until)
        .map((w) => ({
          from: w.from === null ? null : w.from * HOUR,
          until: w.until === null ? null : w.until * HOUR,
        })),
      { nil: null },
    );
    fc.assert(
      fc.property(boardArb, windowArb, fc.array(changeArb, { maxLength: 40 }), (drawn, window, changes) => {
        const b = { ...drawn, window, activatedAt: (drawn.start + 2) * DAY_MS };
        let standings: readonly BoardStanding[] = [];
        const sums = new Map<number, number>();
        for (const [i, c] of changes.entries()) {
          const d = b.start + c.offset;
          const change: BoardChange = {
            kind: 'add',
            amount: c.amount,
            at: d * DAY_MS + c.hour * HOUR,
            day: d,
            timeOfDay: c.hour * HOUR,
            windowed: true,
          };
          const now = b.start * DAY_MS + i; // committed before any run closes
          const run = runAt(b, d);
          const counts =
            run !== null && change.at >= b.activatedAt && (window === null || isInWindow(window, change.timeOfDay));
          if (counts) sums.set(run.start, (sums.get(run.start) ?? 0) + c.amount);
          const move = countOnBoard(b, standings, change, {}, now);
          if (move !== null) standings = move.standings;
        }
        for (const [start, sum] of sums) {
          const standing = standings.find((s) => s.run === start);
          // a user is entered by a change off 0, and stays
          if (standing === undefined) expect(sum === 0).toBe(true);
          else expect(standing.value).toBe(sum);
        }
        expect(standings.every((s) => sums.has(s.run))).toBe(true);
      }),
      runs,
    );
  });

  const entriesArb = fc.uniqueArray(
    fc.record({
      user: fc.string({ minLength: 1, maxLength: 3 }),
      value: fc.integer({ min: -3, max: 6 }),
      reachedAt: fc.integer({ min: 0, max: 5 }),
    }),
    { selector: (e) => e.user, maxLength: 40 },
  );

  it('S45: ranks are 1..N in the order of value then first reached, applied in any order, twice, as rebuilt', () => {
    fc.assert(
      fc.property(entriesArb, fc.array(fc.nat()), (entries, seeds) => {
        // each user's earlier standings come first in their versions; applies arrive shuffled, some twice
        const applies = entries.flatMap((e) => [
          { user: e.user, entry: { value: e.value - 1, reachedAt: e.reachedAt }, version: 1 },
          { user: e.user, entry: { value: e.value, reachedAt: e.reachedAt }, version: 2 },
          { user: e.user, entry: { value: e.value, reachedAt: e.reachedAt }, version: 2 },
        ]);
        const order = applies.map((a, i) => ({ a, key: seeds[i % Math.max(1, seeds.length)] ?? i, i }));
        order.sort((x, y) => x.key - y.key || x.i - y.i);
        const incremental = new RunRanking();
        for (const { a } of order) incremental.apply(a.user, a.entry, a.version);
        const rebuilt = [...entries].sort(compareEntries);
        expect(incremental.page(0, entries.length)).toEqual(rebuilt);
        for (const [i, e] of rebuilt.entries()) expect(incremental.rankOf(e.user)).toBe(i + 1);
        for (let i = 1; i < rebuilt.length; i++) {
          const [a, b] = [rebuilt[i - 1] as BoardEntry, rebuilt[i] as BoardEntry];
          expect(a.value > b.value || (a.value === b.value && a.reachedAt <= b.reachedAt)).toBe(true);
        }
      }),
      runs,
    );
  });

  it('S46: a newcomer is on a full visible board exactly when their value reaches the threshold, on one with room always', () => {
    fc.assert(
      fc.property(
        entriesArb,
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -4, max: 8 }),
        (entries, cap, value) => {
          const ranking = new RunRanking();
          for (const e of entries) ranking.apply(e.user, { value: e.value, reachedAt: e.reachedAt }, 1);
          const threshold = thresholdOf(ranking.size, cap, ranking.atRank(cap)?.value);
          // the newcomer reaches their value after everyone already there
          const move = ranking.apply('\u{10FFFF}newcomer', { value, reachedAt: 100 }, 1);
          // a board with room takes anyone (its threshold reads 0); a full one, exactly who surpasses its lowest
          const full = entries.length >= cap;
          expect(visibleRank(move?.rank ?? null, cap) !== null).toBe(full ? value >= threshold : true);
        },
      ),
      runs,
    );
  });

  it('S46: an example board shows its cut', () => {
    const ranking = new RunRanking();
    for (const [i, user] of ['a', 'b', 'c'].entries()) ranking.apply(user, { value: 5, reachedAt: i }, 1);
    expect(thresholdOf(ranking.size, 2, ranking.atRank(2)?.value)).toBe(6);
    expect(ranking.apply('d', { value: 5, reachedAt: 9 }, 1)?.rank).toBe(4);
    expect(ranking.apply('e', { value: 6, reachedAt: 9 }, 1)?.rank).toBe(1);
  });
});
