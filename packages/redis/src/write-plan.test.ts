/**
 * Planning writes against the tails and the data hash: whatever the order of days and periods
 * (late days, older blocks, a replaced history), applying the planned ops and reading everything
 * back gives what a plain merge of the writes gives, and the state value parses back (user-blob).
 */
import type { HeldBy, HistoryEntry, Rollup, UserWrite } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeys, unescapeName } from './keys.js';
import { decodeEntries, decodeEntriesText } from './rollup-codec.js';
import { decodeSegments } from './segments.js';
import { parseBlob, type UserBlob } from './user-blob.js';
import { fieldsToRead, groupWrite, planWrite } from './write-plan.js';

const keys = accountKeys('kl', 'a').user('u');
const HELD: HeldBy[] = ['met', 'freeze', 'pause', 'excused', 'restore'];

const writeArb = fc.record({
  rollups: fc.array(
    fc.record({
      metric: fc.constantFrom('lessons', 'min:utes'),
      day: fc.integer({ min: 19_990, max: 20_060 }),
      value: fc.integer({ min: -3, max: 50 }),
      lastAt: fc.nat({ max: 2e12 }),
      version: fc.nat({ max: 500 }),
    }),
    { maxLength: 4 },
  ),
  history: fc.array(
    fc.record({
      streak: fc.constantFrom('daily', 'we{ek}'),
      period: fc.integer({ min: 0, max: 700 }),
      length: fc.nat({ max: 50 }),
      heldBy: fc.constantFrom(...HELD),
    }),
    { maxLength: 4 },
  ),
  replaceHistory: fc.boolean().map((b) => b && Math.random() < 0.2),
});

/** Applies the writes through planWrite to a simulated state value and data hash. */
function applyAll(writes: Array<{ rollups: Rollup[]; history: HistoryEntry[]; replaceHistory: boolean }>) {
  let state: string | null = null;
  const data = new Map<string, Buffer | string>();
  writes.forEach((w, i) => {
    const blob: UserBlob | null = state === null ? null : parseBlob(state, keys.state);
    const write: UserWrite = {
      user: { ...newUser('u', 0), version: i + 1 },
      history: w.history,
      rollups: w.rollups,
      replaceHistory: w.replaceHistory,
      index: [],
    };
    const grouped = groupWrite(write);
    const needed = fieldsToRead(blob, grouped);
    const read = new Map(
      needed.fields.map((f) => [f, data.has(f) ? Buffer.from(data.get(f) as Buffer | string) : null]),
    );
    const ops = planWrite(keys, blob, grouped, read, [...data.keys()]);
    state = ops.state;
    for (const f of ops.del) data.delete(f);
    for (const [f, v] of ops.set) data.set(f, v);
    for (const [f, b] of ops.append) data.set(f, Buffer.concat([Buffer.from(data.get(f) ?? ''), b]));
  });
  return { blob: state === null ? null : parseBlob(state, keys.state), data };
}

describe('write plan', () => {
  it('reads back exactly the merged rollups and the last word on each held period', () => {
    fc.assert(
      fc.property(fc.array(writeArb, { minLength: 1, maxLength: 40 }), (raw) => {
        const writes = raw.map((w) => ({ ...w, rollups: w.rollups.map((r) => ({ ...r, dayStart: 0 })) }));
        const { blob, data } = applyAll(writes);
        const rollups = new Map<string, { value: number; lastAt: number; version: number }>();
        const held = new Map<string, HistoryEntry>();
        for (const w of writes) {
          if (w.replaceHistory) held.clear();
          for (const r of w.rollups) {
            const k = `${r.metric}|${r.day}`;
            const o = rollups.get(k);
            rollups.set(
              k,
              o === undefined
                ? r
                : {
                    value: o.value + r.value,
                    lastAt: Math.max(o.lastAt, r.lastAt),
                    version: Math.min(o.version, r.version),
                  },
            );
          }
          for (const h of w.history) held.set(`${h.streak}|${h.period}`, h);
        }
        const gotRollups = new Map<string, { value: number; lastAt: number; version: number }>();
        const series = new Set([
          ...(blob?.rollups.keys() ?? []),
          ...[...data.keys()].filter((f) => f.startsWith('r')).map((f) => f.slice(1)),
        ]);
        for (const name of series) {
          const metric = unescapeName(name.slice(0, name.lastIndexOf(':')));
          const cold = data.get(`r${name}`);
          const days = cold === undefined ? [] : decodeEntries(Buffer.from(cold), 'cold');
          const tail = blob?.rollups.get(name);
          if (tail) days.push(...decodeEntriesText(tail.days, 'tail', tail.anchor));
          for (const d of days)
            gotRollups.set(`${metric}|${d.day}`, { value: d.value, lastAt: d.lastAt, version: d.version });
        }
        expect(gotRollups).toEqual(
          new Map([...rollups].map(([k, r]) => [k, { value: r.value, lastAt: r.lastAt, version: r.version }])),
        );
        const gotHeld = new Map<string, HistoryEntry>();
        const blocks: Array<[string, number, string]> = [];
        for (const [f, v] of data)
          if (f.startsWith('h'))
            blocks.push([
              unescapeName(f.slice(1, f.lastIndexOf(':'))),
              Number(f.slice(f.lastIndexOf(':') + 1)),
              String(v),
            ]);
        for (const [name, tail] of blob?.history ?? []) blocks.push([unescapeName(name), tail.block, tail.text]);
        for (const [streak, block, text] of blocks)
          for (const e of decodeSegments(text, streak, block, 'h')) gotHeld.set(`${streak}|${e.period}`, e);
        expect(gotHeld).toEqual(held);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a daily event of a regular user in the state value only, moving sixteen days at a time', () => {
    const writes = Array.from({ length: 40 }, (_, i) => ({
      rollups: [
        {
          metric: 'lessons',
          dayStart: 0,
          day: 20_000 + i,
          value: 1,
          lastAt: (20_000 + i) * 86_400_000,
          version: i + 1,
        },
      ],
      history: [],
      replaceHistory: false,
    }));
    const { blob, data } = applyAll(writes);
    expect([...data.keys()]).toEqual(['rlessons:0']);
    expect(blob?.rollups.get('lessons:0')?.anchor.day).toBe(20_000 + 31);
  });
});
