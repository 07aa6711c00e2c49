import { describe, expect, it } from 'vitest';
import { packPoints, unpackPoints } from './points-codec.js';
import { KEPT_STATE, keptAward } from '../../test/points-examples.js';

const award = keptAward;
const xp = KEPT_STATE;

describe('packed points states (S36)', () => {
  it('unpack to the states they were packed from, each id an award names written once per system', () => {
    const gems = { total: 0, changed: false, seq: 0, progress: {}, awards: [] };
    const packed = packPoints({ xp, gems }) as unknown[];
    const text = JSON.stringify(packed);
    expect(text.split('trigger-uuid-1').length - 1).toBe(2); // the progress, the names
    expect(text.split('boost-uuid').length - 1).toBe(1);
    expect(text.length).toBeLessThan(JSON.stringify({ xp, gems }).length * 0.75);
    expect(unpackPoints(JSON.parse(text))).toEqual({ xp, gems });
  });

  it('keep a system keyed `__proto__` a key, without touching a prototype', () => {
    const unpacked = unpackPoints(
      JSON.parse(
        JSON.stringify(
          packPoints(
            JSON.parse('{"__proto__": {"total": 1, "changed": true, "seq": 0, "progress": {}, "awards": []}}'),
          ),
        ),
      ),
    );
    expect(Object.keys(unpacked ?? {})).toEqual(['__proto__']);
    expect(({} as { total?: number }).total).toBeUndefined();
  });

  it('are not made of states of another shape', () => {
    for (const other of [
      { xp: { ...xp, later: 1 } },
      { xp: { ...xp, awards: [{ ...award('1', 't'), note: 'x' }] } },
      { xp: { ...xp, awards: [{ ...award('1', 't'), boosts: [] }] } },
      { xp: { ...xp, awards: [award('1', 't', [7 as unknown as string])] } },
      { xp: { ...xp, days: { to: 1, from: 2, changes: '' } } },
      { xp: { ...xp, total: '30' } },
      [1, 2],
      null,
    ])
      expect(packPoints(other)).toBeNull();
  });

  it('are no states when an array has another length, or names a place not in the list', () => {
    const system = (packPoints({ xp }) as unknown[][])[0] as unknown[];
    for (const bad of [
      [system.slice(0, 6)],
      [[1, ...system.slice(1)]],
      [system.map((v, i) => (i === 6 ? [[1, 9, 10, 0, 10]] : v))],
      [system.map((v, i) => (i === 6 ? [[1, 0, 10]] : v))],
      [system.map((v, i) => (i === 7 ? [1, 2] : v))],
    ])
      expect(unpackPoints(bad)).toBeUndefined();
  });
});
