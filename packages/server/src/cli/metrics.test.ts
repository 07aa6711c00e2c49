import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDir, type DataDir } from './test-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

describe('kindling metrics', () => {
  it('creates a metric with a key derived from its name and saves it in the configuration', async () => {
    const made = await d.cli(['metrics', 'create', '--name', 'Minutes read', '--json']);
    expect(made.code).toBe(0);
    expect(JSON.parse(made.out)).toMatchObject({ key: 'minutes-read', name: 'Minutes read', status: 'active' });
    const backend = d.open();
    const config = await backend.control.config(d.first.account.id);
    await backend.close();
    expect(config.metrics.map((m) => m.key)).toEqual(['lessons', 'minutes-read']);
  });

  it('lists the metrics with their totals', async () => {
    await d.cli(['metrics', 'create', '--name', 'Words', '--key', 'words_learned']);
    const list = await d.cli(['metrics', 'list']);
    expect(list.out).toMatch(/^KEY\s+NAME\s+STATUS\s+TOTAL/);
    expect(list.out).toMatch(/words_learned\s+Words\s+active\s+0\s+0/);
  });

  it('refuses a taken key (exit 1) and a key outside the rule (exit 2, naming --key)', async () => {
    expect(await d.cli(['metrics', 'create', '--name', 'Lessons again', '--key', 'lessons'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('already has the key "lessons"'),
    });
    expect(await d.cli(['metrics', 'create', '--name', 'X', '--key', 'a b'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--key'),
    });
    expect(await d.cli(['metrics', 'create', '--name', '!!!'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--name'),
    });
  });
});
