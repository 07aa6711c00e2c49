import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataDir, type DataDir } from '../../test/cli-io.js';

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
    expect(human.code).toBe(1);
    expect(human.out).toContain('recorded  1');
    expect(human.out).toMatch(/line 2: .*Mars\/Olympus/);
    expect(human.out).toMatch(/line 3: value must be a finite number/);
    expect(human.out).toMatch(/line 4: at must be an RFC 3339 instant/);
    const json = await d.cli(['import', path, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ complete: true, recorded: 0, replayed: 1, rejected: 3, lines: 4 });
    // with --json, stderr holds no progress bar: only an error would go there, as JSON
    expect(json.err).toBe('');
  });

  it('rejects a line whose user id holds a control or direction character, naming userId, and records the others', async () => {
    const path = join(d.dir, 'controls.ndjson');
    const lineOf = (id: string) => JSON.stringify({ metric: 'lessons', user: { id, tz: 'UTC' }, value: 1 });
    writeFileSync(path, [lineOf('a\u0000b'), lineOf('adm\u202Ein'), lineOf('a\nb'), lineOf('ada')].join('\n'));
    const json = await d.cli(['import', path, '--json']);
    expect(JSON.parse(json.out)).toMatchObject({ recorded: 1, rejected: 3, lines: 4 });
    const human = await d.cli(['import', path]);
    for (const n of [1, 2, 3])
      expect(human.out).toMatch(new RegExp(`line ${n}: userId must hold no control characters`));
  });

  it('exits 1 when any line was rejected, 0 when none was, and counts blank lines as skipped', async () => {
    const path = join(d.dir, 'blanks.ndjson');
    const good = '{"metric":"lessons","userId":"ada","value":1,"at":"2026-01-02T10:00:00Z"}';
    writeFileSync(path, [good, '', '   ', '{"metric":"lessons","userId":"bob","value":"one"}', ''].join('\n'));
    const rejected = await d.cli(['import', path]);
    expect(rejected.code).toBe(1);
    expect(rejected.out).toContain('  skipped   2 (blank lines)');
    expect(rejected.out).toContain('  rejected  1');
    const clean = join(d.dir, 'clean.ndjson');
    writeFileSync(clean, [good, '', good.replace('ada', 'cy'), ''].join('\n'));
    const json = await d.cli(['import', clean, '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      complete: true,
      replayed: 1,
      recorded: 1,
      blank: 1,
      rejected: 0,
      lines: 3,
    });
  });

  it('reads a file that starts with a byte order mark, its first line included', async () => {
    const path = join(d.dir, 'bom.ndjson');
    writeFileSync(
      path,
      '\uFEFF{"metric":"lessons","userId":"ada","value":1}\n{"metric":"lessons","userId":"bob","value":1}\n',
    );
    const res = await d.cli(['import', path, '--json']);
    expect(JSON.parse(res.out)).toMatchObject({ complete: true, recorded: 2, rejected: 0, lines: 2 });
  });

  it('fails with exit 1 naming a file that does not exist', async () => {
    expect(await d.cli(['import', join(d.dir, 'missing.ndjson')])).toMatchObject({
      code: 1,
      err: expect.stringContaining('missing.ndjson'),
    });
  });

  it('refuses a pipe at once, saying to save the stream to a file first, instead of importing nothing', async () => {
    const fifo = join(d.dir, 'events.fifo');
    execFileSync('mkfifo', [fifo]);
    const answer = await d.cli(['import', fifo]);
    expect(answer).toMatchObject({ code: 1, out: '' });
    expect(answer.err).toContain(`${fifo} is a pipe, not a regular file`);
    expect(answer.err).toContain('save the stream to a file first');
  });

  it('refuses a directory, naming it, instead of failing with a raw system error', async () => {
    const folder = join(d.dir, 'exports');
    mkdirSync(folder);
    const answer = await d.cli(['import', folder]);
    expect(answer).toMatchObject({ code: 1, out: '' });
    expect(answer.err).toContain(`${folder} is a directory, not a regular file`);
    expect(answer.err).not.toMatch(/unexpected|EISDIR/);
  });

  it('refuses a damaged resume file, naming it and saying how to start over, before saying it goes on', async () => {
    const path = join(d.dir, 'events.ndjson');
    writeFileSync(path, '{"metric":"lessons","userId":"ada","value":1}\n');
    writeFileSync(join(d.dir, 'events.kindling-import.json'), '{"file":"events.nd');
    const answer = await d.cli(['import', path]);
    expect(answer).toMatchObject({ code: 1, out: '' });
    expect(answer.err).toContain(`${join(d.dir, 'events.kindling-import.json')} is damaged`);
    expect(answer.err).toContain('delete it to import the file from its start');
    expect(answer.err).not.toContain('Going on');
  });
});
