/**
 * Users identified ahead of their events, on a given store: a user made by `identify` alone is
 * listed and counted, their profile survives the store (and a reopening), and a zone change given
 * by `identify` is journaled so that a rebuild from the store's journal finds the same streak (S5, S20).
 */
import { createEngine, type Store } from '@kindling/core';
import { expect, it } from 'vitest';

const at = (iso: string) => Date.parse(iso);

function engineOn(store: Store) {
  return createEngine({
    store,
    clock: () => 0,
    streaks: [{ key: 'daily', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    metrics: ['lessons'],
  });
}

export function identifyCases(store: () => Store, reopen: ((store: Store) => Promise<Store>) | undefined): void {
  it('lists and counts a user made by identify alone, with the profile given', async () => {
    const engine = engineOn(store());
    await engine.identify(
      'zoe',
      {
        email: 'zoe@example.com',
        name: 'Zoë',
        tz: 'America/Sao_Paulo',
        deviceTokens: ['a', 'b'],
        attributes: { plan: 'pro', 'team-name': 'Ärger' },
      },
      { mode: 'create', at: at('2026-05-01T10:00:00Z') },
    );
    expect(await engine.store.users(null, 10)).toEqual(['zoe']);
    expect(await engine.store.countUsers()).toBe(1);
    const expected = {
      id: 'zoe',
      email: 'zoe@example.com',
      name: 'Zoë',
      tz: 'America/Sao_Paulo',
      subscribeToEmails: true,
      deviceTokens: ['a', 'b'],
      attributes: { plan: 'pro', 'team-name': 'Ärger' },
      firstSeenAt: '2026-05-01T10:00:00.000Z',
      updated: '2026-05-01T10:00:00.000Z',
      totals: {},
      achievements: [],
    };
    expect(await engine.user('zoe')).toEqual(expected);
    if (reopen !== undefined) expect(await engineOn(await reopen(store())).user('zoe')).toEqual(expected);
  });

  it('journals a zone change given by identify, and a rebuild from the journal finds the same streak', async () => {
    const engine = engineOn(store());
    const record = (iso: string, tz?: string) =>
      engine.record({ userId: 'u', metric: 'lessons', value: 1, at: at(iso), ...(tz ? { tz } : {}) });
    await record('2026-05-01T12:00:00Z', 'Europe/Lisbon');
    await record('2026-05-02T12:00:00Z');
    // 23:30 on the 3rd in Lisbon, already the 4th in Tokyo: the 3rd was missed in Lisbon only, so it is excused
    await engine.identify('u', { tz: 'Asia/Tokyo' }, { mode: 'update', at: at('2026-05-03T22:30:00Z') });
    await record('2026-05-04T01:00:00Z');
    const kept = await engine.streak('u', { at: at('2026-05-04T02:00:00Z'), historyPeriods: 5 });
    expect(kept.length).toBe(3);
    const journal = await engine.journal('u');
    expect(journal.zoneChanges.map((change) => [change.from, change.to])).toEqual([
      [null, 'Europe/Lisbon'],
      ['Europe/Lisbon', 'Asia/Tokyo'],
    ]);
    await engine.rebuild('u', { at: at('2026-05-04T02:00:00Z') });
    expect(await engine.streak('u', { at: at('2026-05-04T02:00:00Z'), historyPeriods: 5 })).toEqual(kept);
  });
}
