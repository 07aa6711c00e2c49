import { describe, expect, it } from 'vitest';
import { parseImportLine } from './import-line.js';

const line = (at: unknown) => JSON.stringify({ metric: 'lessons', userId: 'ada', value: 1, at });

describe('parseImportLine', () => {
  it('takes an RFC 3339 instant or epoch milliseconds as at', () => {
    expect(parseImportLine(line('2024-02-29T12:00:00Z'))).toMatchObject({ at: Date.parse('2024-02-29T12:00:00Z') });
    expect(parseImportLine(line('2026-01-02T11:00:00+01:00'))).toMatchObject({
      at: Date.parse('2026-01-02T10:00:00Z'),
    });
    expect(parseImportLine(line(1_767_348_000_000))).toMatchObject({ at: 1_767_348_000_000 });
  });

  it('refuses an at whose date is not one of the calendar, as the HTTP API refuses such a date', () => {
    for (const at of ['2026-02-30T12:00:00Z', '2026-04-31T12:00:00Z', '2025-02-29T12:00:00Z', '2026-13-01T12:00:00Z'])
      expect(parseImportLine(line(at))).toEqual({
        problem: `at "${at.slice(0, 10)}" is not a date of the calendar`,
      });
  });

  // Date's range ends at 8.64e15 ms: past it, a date cannot be written, and the import stopped on it
  it('refuses epoch milliseconds outside the dates there are, as a reason of the line', () => {
    for (const at of [8_640_000_000_000_001, -8_640_000_000_000_001, Number.MAX_SAFE_INTEGER])
      expect(parseImportLine(line(at))).toEqual({ problem: expect.stringMatching(/^at must be an RFC 3339 instant/) });
  });

  it('refuses an at whose time of day is not one of the clock', () => {
    for (const at of ['2026-01-02T24:00:00Z', '2026-01-02T10:60:00Z', '2026-01-02T10:00:60Z'])
      expect(parseImportLine(line(at))).toEqual({ problem: expect.stringMatching(/^at must be an RFC 3339 instant/) });
  });
});
