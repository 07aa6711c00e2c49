import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import { readEventLateness, setEventLateness } from './event-lateness.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const deps = () => ({ control: t.control, clock: () => at });

describe('event lateness', () => {
  it('reads 0 hours for an account that never set a bound', async () => {
    expect(await readEventLateness(deps(), t.accountId)).toBe(0);
  });

  it('keeps the bound it sets in the account configuration, leaving the rest of it as it was but its version, one on', async () => {
    const before = await t.control.config(t.accountId);
    expect(await setEventLateness(deps(), t.accountId, 48)).toBe(48);
    expect(await readEventLateness(deps(), t.accountId)).toBe(48);
    const after = await t.control.config(t.accountId);
    expect({ ...after, lateEvents: before.lateEvents }).toEqual({ ...before, version: before.version + 1 });
    expect(after.lateEvents).toEqual({ maxLateHours: 48 });
  });

  it('sets the bound back to 0', async () => {
    await setEventLateness(deps(), t.accountId, 720);
    expect(await setEventLateness(deps(), t.accountId, 0)).toBe(0);
    expect(await readEventLateness(deps(), t.accountId)).toBe(0);
  });
});
