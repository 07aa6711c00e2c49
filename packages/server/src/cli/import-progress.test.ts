/**
 * The resume point of an import alone: lines read, finished in any order, a line that never
 * finishes, and an import going on from an earlier one's point (no file, no store).
 */
import { describe, expect, it } from 'vitest';
import { ImportProgress, MAX_REASONS, type ResumeState } from './import-progress.js';

const recorded = { kind: 'recorded' } as const;

describe('the progress of an import', () => {
  it('starts at the start of the file with nothing counted', () => {
    const progress = new ImportProgress(100, null);
    expect(progress.point).toEqual({
      offset: 0,
      line: 0,
      recorded: 0,
      replayed: 0,
      rejected: 0,
      blank: 0,
      reasons: [],
    });
    expect(progress.settled).toBe(true);
  });

  it("numbers the lines read and puts each one's end after its newline, the last one's at the end of the file", () => {
    const progress = new ImportProgress(9, null);
    const first = progress.read(3);
    const second = progress.read(4);
    expect([first.line, first.end, second.line, second.end]).toEqual([1, 4, 2, 9]);
  });

  it('moves the point only over an unbroken run of finished lines when they finish out of order', () => {
    const progress = new ImportProgress(30, null);
    const [a, b, c] = [progress.read(9), progress.read(9), progress.read(9)];
    progress.finish(c, recorded);
    progress.finish(b, { kind: 'replayed' });
    expect(progress.point).toMatchObject({ offset: 0, line: 0, recorded: 0, replayed: 0 });
    expect(progress.settled).toBe(false);
    progress.finish(a, { kind: 'blank' });
    expect(progress.point).toEqual({
      offset: 30,
      line: 3,
      recorded: 1,
      replayed: 1,
      rejected: 0,
      blank: 1,
      reasons: [],
    });
    expect(progress.settled).toBe(true);
  });

  it('stays before a line that never finishes, counting none of the lines after it', () => {
    const progress = new ImportProgress(40, null);
    const [first, , third, fourth] = [progress.read(9), progress.read(9), progress.read(9), progress.read(9)];
    progress.finish(first, recorded);
    // line 2 failed: its record never answered
    progress.finish(third, recorded);
    progress.finish(fourth, { kind: 'rejected', reason: 'not valid JSON' });
    expect(progress.point).toEqual({
      offset: 10,
      line: 1,
      recorded: 1,
      replayed: 0,
      rejected: 0,
      blank: 0,
      reasons: [],
    });
    expect(progress.settled).toBe(false);
  });

  it('keeps the reasons of the first rejected lines only, each naming its line', () => {
    const progress = new ImportProgress(1000, null);
    for (let n = 0; n < MAX_REASONS + 5; n++) progress.finish(progress.read(1), { kind: 'rejected', reason: 'no' });
    const { rejected, reasons } = progress.point;
    expect([rejected, reasons.length, reasons[0], reasons.at(-1)]).toEqual([
      MAX_REASONS + 5,
      MAX_REASONS,
      'line 1: no',
      `line ${MAX_REASONS}: no`,
    ]);
  });

  it("goes on from an earlier import's point: its counts, the lines after it numbered on, its reasons not shared", () => {
    const earlier: ResumeState = {
      offset: 20,
      line: 2,
      recorded: 1,
      replayed: 0,
      rejected: 1,
      blank: 0,
      reasons: ['line 2: not valid JSON'],
    };
    const progress = new ImportProgress(40, earlier);
    expect(progress.point).toEqual(earlier);
    const next = progress.read(9);
    expect([next.line, next.end]).toEqual([3, 30]);
    progress.finish(next, { kind: 'rejected', reason: 'no metric' });
    expect(progress.point).toEqual({
      offset: 30,
      line: 3,
      recorded: 1,
      replayed: 0,
      rejected: 2,
      blank: 0,
      reasons: ['line 2: not valid JSON', 'line 3: no metric'],
    });
    expect(earlier.reasons).toEqual(['line 2: not valid JSON']);
  });
});
