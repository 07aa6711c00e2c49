import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDir, type DataDir } from './test-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

describe('kindling import', () => {
  it('prints a summary with the reasons of rejected lines, and the same as JSON with --json', async () => {
    const path = join(d.dir, 'few.ndjson');
    writeFileSync(
      path,
      [
        '{"metric":"lessons","user":{"id":"ada","tz":"Europe/Berlin"},"value":1,"at":"2026-01-02T10:00:00Z"}',
        '{"metric":"lessons","user":{"id":"ada","tz":"Mars/Olympus"},"value":1}',
        '{"metric":"lessons","userId":"bob","value":"one"}',
        '{"metric":"lessons","userId":"bob","value":1,"at":"yesterday"}',
        '',
      ].join('\n'),
    );
    const human = await d.cli(['import', path]);
    expect(human.code).toBe(0);
    expect(human.out).toContain('recorded  1');
    expect(human.out).toMatch(/line 2: .*Mars\/Olympus/);
    expect(human.out).toMatch(/line 3: value must be a finite number/);
    expect(human.out).toMatch(/line 4: at must be an RFC 3339 instant/);
    const json = await d.cli(['import', path, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ complete: true, recorded: 0, replayed: 1, rejected: 3, lines: 4 });
  });

  it('fails with exit 1 naming a file that does not exist', async () => {
    expect(await d.cli(['import', join(d.dir, 'missing.ndjson')])).toMatchObject({
      code: 1,
      err: expect.stringContaining('missing.ndjson'),
    });
  });
});
