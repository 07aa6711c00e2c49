import { ConfigError } from '@kindling/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestControl, type TestControl } from '../../test/control-plane.js';
import type { RuleConfig } from '../control/types.js';
import { createMetrics } from './metrics.js';
import { STARTER_RULE } from './starter-rule.js';
import { saveStreakRule } from './streak-rule.js';

const at = Date.parse('2026-03-02T10:00:00Z');
let t: TestControl;
beforeEach(async () => {
  t = await openTestControl(at);
});
afterEach(() => t.close());

const rule = (metric: string): RuleConfig => ({
  ...structuredClone(STARTER_RULE),
  conditions: [{ metric, threshold: 1 }],
});

describe('saveStreakRule', () => {
  it('saves a rule over an active metric and refuses one over a metric no one has, changing nothing', async () => {
    await createMetrics({ control: t.control, clock: () => at }, t.accountId, [{ name: 'Lessons' }]);
    const { saved } = await saveStreakRule({ control: t.control }, t.accountId, rule('lessons'));
    expect(saved.streak?.conditions).toEqual([{ metric: 'lessons', threshold: 1 }]);
    const refused = saveStreakRule({ control: t.control }, t.accountId, rule('pages'));
    await expect(refused).rejects.toThrow(ConfigError);
    await expect(refused).rejects.toThrow(
      'a condition counts the metric "pages", but no metric has this key; active metrics: lessons',
    );
    expect((await t.control.config(t.accountId)).version).toBe(saved.version);
  });

  it('answers stale and changes nothing when the configuration moved past the version it was counted on', async () => {
    await createMetrics({ control: t.control, clock: () => at }, t.accountId, [{ name: 'Lessons' }]);
    const counted = (await t.control.config(t.accountId)).version;
    t.raceOnce((config) => ({ ...config, lateEvents: { maxLateHours: 1 } }));
    expect(await saveStreakRule({ control: t.control }, t.accountId, rule('lessons'), counted)).toEqual({
      stale: true,
    });
    const now = await t.control.config(t.accountId);
    expect(now.version).toBe(counted + 1);
    expect(now.streak).toBeNull();
    const { saved } = (await saveStreakRule({ control: t.control }, t.accountId, rule('lessons'), now.version)) as {
      saved: typeof now;
    };
    expect(saved.version).toBe(now.version + 1);
  });
});
