import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine, memoryStore } from '@kindling/core';
import { recordTimeline, ruleArb, timelineArb } from '@kindling/testing';

const RUNS = Number(process.env.KINDLING_PROPERTY_RUNS ?? 200);

describe('engine properties', () => {
  it('keeps every streak read within the invariants of S8, S9, S12, S15, S16, S17 for any rule and timeline', async () => {
    await fc.assert(
      fc.asyncProperty(ruleArb(), timelineArb(), async (rule, timeline) => {
        const engine = createEngine({ store: memoryStore(), streaks: [rule], metrics: ['lessons', 'minutes'], clock: () => 0 });
        await recordTimeline(engine, 'u', timeline);
      }),
      { numRuns: RUNS },
    );
  });
});
