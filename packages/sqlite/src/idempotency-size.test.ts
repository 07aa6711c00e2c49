import { statSync } from 'node:fs';
import { createEngine, type Store } from '@kindling/core';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';

const files = useTempFiles();

/** Bytes of the file after `events` events of 200 users over their days, with or without keys (a key as long as an import's). */
async function fileBytes(
  store: Store,
  path: string,
  events: number,
  keyed: boolean,
  method: 'ingest' | 'record' = 'ingest',
): Promise<number> {
  const engine = createEngine({
    store,
    streaks: [{ key: 'default', frequency: 'daily', conditions: [{ metric: 'lessons', threshold: 1 }] }],
    metrics: ['lessons'],
  });
  const start = Date.UTC(2026, 0, 1, 12);
  for (let day = 0; day < events / 200; day++)
    await Promise.all(
      Array.from({ length: 200 }, (_, user) =>
        engine[method]({
          userId: `user-${user}`,
          metric: 'lessons',
          value: 1,
          at: start + day * 86_400_000 + user * 1000,
          tz: 'Europe/Berlin',
          idempotencyKey: keyed ? `import:${String(day * 200 + user).padStart(64, '0')}` : null,
        }),
      ),
    );
  await store.close();
  return statSync(path).size;
}

describe('the first answers kept for idempotency keys (S18)', () => {
  it('take about their own size in the file, not a page each: record’s with the views, ingest’s without', async () => {
    const events = 4000;
    const plain = await fileBytes(files.open('plain.db'), files.path('plain.db'), events, false);
    const perKey = async (method: 'ingest' | 'record') =>
      ((await fileBytes(files.open(`${method}.db`), files.path(`${method}.db`), events, true, method)) - plain) /
      events;
    // an answer of record is about 750 characters of JSON, of ingest about 300, and a key 70; a page is 4,096 bytes
    expect(await perKey('record')).toBeLessThan(1_600);
    expect(await perKey('ingest')).toBeLessThan(1_000);
  });

  it('hold the first streak’s view of a record answer once: `currentStreak` is kept as its rule’s key, beside `streaks`', async () => {
    const events = 4000;
    const plain = await fileBytes(files.open('plain.db'), files.path('plain.db'), events, false);
    const record = await fileBytes(files.open('record.db'), files.path('record.db'), events, true, 'record');
    const ingest = await fileBytes(files.open('ingest.db'), files.path('ingest.db'), events, true, 'ingest');
    // With one rule the views are the same view twice (about 290 characters of JSON each). Kept
    // twice they cost about as much file as the key, the rest of the answer and their index
    // together (about 790 bytes); kept once, about half that.
    const views = (record - ingest) / events;
    const rest = (ingest - plain) / events;
    expect(views).toBeLessThan(rest * 0.65);
  });
});
