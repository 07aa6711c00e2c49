/**
 * describeStoreConformance: one suite that every Store adapter runs, as one shared test file
 * proves every implementation of an interface.
 */
import type { Store } from '@kindling/core';
import { afterEach, describe } from 'vitest';
import { achievementCases } from './achievements.js';
import { activityCases } from './activity.js';
import { analyticsCases } from './analytics.js';
import { erasureCases } from './erasure.js';
import { eventSummaryCases } from './event-summary.js';
import { batchCases } from './batch.js';
import { identifyCases } from './identify.js';
import { leaderboardCases } from './leaderboards.js';
import { idempotencyRetentionCases } from './idempotency-retention.js';
import { preferenceCases } from './preferences.js';
import { outboxCases } from './outbox.js';
import { pointsCases } from './points.js';
import { pointsIndexCases } from './points-index.js';
import { rebuildCases } from './rebuild.js';
import { reminderCases } from './reminders.js';
import { ruleChangeCases } from './rule-change.js';
import { scenarioCases } from './scenarios.js';
import { timeScenarioCases } from './scenarios-time.js';
import { storeLevelCases } from './store-level.js';
import { sweepCases } from './sweep.js';

export interface ConformanceOptions {
  /** open the same storage again (a new connection or file handle); omit for stores that keep nothing */
  reopen?: (store: Store) => Promise<Store>;
  /** runs of the rebuild property (default 30: each run goes through the store) */
  runs?: number;
}

export function describeStoreConformance(
  name: string,
  makeStore: () => Store | Promise<Store>,
  options: ConformanceOptions = {},
): void {
  describe(`Store conformance: ${name}`, () => {
    const open: Store[] = [];
    let current: Store | undefined;
    // Each case gets a fresh store; the getter hands the cases the one made for them.
    const store = () => {
      if (current === undefined) throw new Error('the conformance store was not opened');
      return current;
    };
    afterEach(async () => {
      for (const s of open.splice(0)) await s.close().catch(() => undefined);
      current = undefined;
    });
    const fresh = async () => {
      current = await makeStore();
      open.push(current);
    };
    describe('scenarios', () => {
      beforeEachFresh(fresh);
      scenarioCases(store);
      timeScenarioCases(store);
    });
    describe('store level', () => {
      beforeEachFresh(fresh);
      storeLevelCases(store, options.reopen);
    });
    describe('idempotency retention', () => {
      beforeEachFresh(fresh);
      idempotencyRetentionCases(store);
    });
    describe('analytics', () => {
      beforeEachFresh(fresh);
      analyticsCases(store);
    });
    describe('event summaries', () => {
      beforeEachFresh(fresh);
      eventSummaryCases(store);
    });
    describe('identified users', () => {
      beforeEachFresh(fresh);
      identifyCases(store, options.reopen);
    });
    describe('batches', () => {
      beforeEachFresh(fresh);
      batchCases(store);
    });
    describe('personal rules', () => {
      beforeEachFresh(fresh);
      preferenceCases(store, options.reopen);
    });
    describe('activity', () => {
      beforeEachFresh(fresh);
      activityCases(store, options.reopen);
    });
    describe('sweep', () => {
      beforeEachFresh(fresh);
      sweepCases(store);
    });
    describe('outbox', () => {
      beforeEachFresh(fresh);
      outboxCases(store, options.reopen);
    });
    describe('points', () => {
      beforeEachFresh(fresh);
      pointsCases(store, options.reopen);
    });
    describe('points index', () => {
      beforeEachFresh(fresh);
      pointsIndexCases(store);
    });
    describe('leaderboards', () => {
      beforeEachFresh(fresh);
      leaderboardCases(store, options.reopen);
    });
    describe('erasure', () => {
      beforeEachFresh(fresh);
      erasureCases(store);
    });
    describe('reminders', () => {
      beforeEachFresh(fresh);
      reminderCases(store);
    });
    describe('rebuild', () => {
      beforeEachFresh(fresh);
      rebuildCases(store, options.runs ?? 30);
      ruleChangeCases(store);
      achievementCases(store);
    });
  });
}

import { beforeEach } from 'vitest';
function beforeEachFresh(fresh: () => Promise<void>): void {
  beforeEach(fresh);
}
