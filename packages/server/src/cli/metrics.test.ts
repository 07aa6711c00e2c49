import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDir, type DataDir } from '../../test/cli-io.js';

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

  it('shows a stored name holding terminal controls escaped, so that it cannot clear the screen or fake a row', async () => {
    const backend = d.open();
    await backend.control.changeConfig(d.first.account.id, (config) => ({
      ...config,
      metrics: [
        ...config.metrics,
        {
          id: 'm2',
          key: 'words',
          name: 'W\u001b[2J\nfake  row\u202e',
          status: 'active',
          created: '2026-01-01T00:00:00Z',
        },
      ],
    }));
    await backend.close();
    const list = await d.cli(['metrics', 'list']);
    const acted = [...list.out].filter(
      (c) => c !== '\n' && (c < ' ' || (c >= '\u007f' && c <= '\u009f') || c === '\u202e'),
    );
    expect(acted).toEqual([]);
    expect(list.out).toContain('W\\x1b[2J\\nfake  row\\u202e');
    expect(list.out.split('\n').filter((line) => line.length > 0)).toHaveLength(3);
  });

  it('refuses a name over 255 characters or holding control characters, as the admin API does (exit 2, naming --name)', async () => {
    for (const name of ['x'.repeat(256), 'a\u001bb'])
      expect(await d.cli(['metrics', 'create', '--name', name, '--key', 'k'])).toMatchObject({
        code: 2,
        err: expect.stringContaining('--name'),
      });
    expect(await d.cli(['keys', 'create', '--name', 'x'.repeat(256)])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--name'),
    });
  });

  it('refuses a metric beyond 1,000, as the admin API does (exit 1)', async () => {
    const backend = d.open();
    await backend.control.changeConfig(d.first.account.id, (config) => ({
      ...config,
      metrics: Array.from({ length: 1000 }, (_, i) => ({
        id: `m${i}`,
        key: `m${i}`,
        name: `M${i}`,
        status: 'active' as const,
        created: '2026-01-01T00:00:00Z',
      })),
    }));
    await backend.close();
    expect(await d.cli(['metrics', 'create', '--name', 'One more'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('at most 1000 metrics'),
    });
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
