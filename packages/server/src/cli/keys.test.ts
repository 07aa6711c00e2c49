import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashKey } from '../secrets.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

describe('a command on a data folder that holds no data', () => {
  it('says so, naming the folder and --data, and makes nothing there', async () => {
    const missing = join(d.dir, 'no-such-folder');
    const listed = await d.cli(['keys', 'list', '--data', missing]);
    expect(listed).toMatchObject({ code: 2, err: expect.stringMatching(/--data.*no-such-folder.*kindling start/) });
    expect(existsSync(missing)).toBe(false);
    const empty = join(d.dir, 'empty-folder');
    mkdirSync(empty);
    expect((await d.cli(['metrics', 'list', '--data', empty])).code).toBe(2);
    expect(readdirSync(empty)).toEqual([]);
  });
});

describe('kindling keys', () => {
  it('creates a key that the control plane finds by its hash, shown once', async () => {
    const made = await d.cli(['keys', 'create', '--name', 'ci', '--kind', 'admin', '--json']);
    expect(made.code).toBe(0);
    const key = JSON.parse(made.out);
    expect(key).toMatchObject({ name: 'ci', kind: 'admin', revokedAt: null });
    expect(key.key).toMatch(/^kl_admin_/);
    const backend = d.open();
    const record = await backend.control.keyByHash(hashKey(key.key));
    await backend.close();
    expect(record).toMatchObject({ id: key.id, accountId: d.first.account.id });
  });

  it('lists the keys without their secrets and revokes one', async () => {
    const made = JSON.parse((await d.cli(['keys', 'create', '--name', 'mobile', '--json'])).out);
    expect(made.kind).toBe('application');
    const list = await d.cli(['keys', 'list']);
    expect(list.out).toContain('mobile');
    expect(list.out).not.toContain(made.key);
    expect(list.out.split('\n').filter((l) => l.includes('kl_')).length).toBe(3);
    const revoked = await d.cli(['keys', 'revoke', made.id, '--json']);
    expect(JSON.parse(revoked.out).revokedAt).toEqual(expect.any(String));
    const listed = JSON.parse((await d.cli(['keys', 'list', '--json'])).out) as Array<{
      id: string;
      revokedAt: string | null;
    }>;
    expect(listed.find((k) => k.id === made.id)?.revokedAt).toEqual(expect.any(String));
  });

  it('lists a page of the keys with --limit and --skip, in the order they were made', async () => {
    const names = ['one', 'two', 'three'];
    for (const name of names) await d.cli(['keys', 'create', '--name', name]);
    const all = JSON.parse((await d.cli(['keys', 'list', '--json'])).out) as Array<{ name: string }>;
    expect(all.slice(-3).map((k) => k.name)).toEqual(names);
    const page = async (...flags: string[]) =>
      (JSON.parse((await d.cli(['keys', 'list', '--json', ...flags])).out) as Array<{ name: string }>).map(
        (k) => k.name,
      );
    expect(await page('--skip', String(all.length - 3), '--limit', '2')).toEqual(['one', 'two']);
    expect(await page('--skip', String(all.length - 1))).toEqual(['three']);
    expect(await page('--limit', '1')).toEqual([all[0]?.name]);
    expect(await page('--skip', String(all.length))).toEqual([]);
    for (const [flag, value] of [
      ['--limit', '0'],
      ['--limit', '1001'],
      ['--skip', '-1'],
      ['--limit', 'many'],
    ] as const) {
      expect(await d.cli(['keys', 'list', flag, value])).toMatchObject({
        code: 2,
        err: expect.stringContaining(`${flag} must be a whole number`),
      });
    }
  });

  it('fails with exit 1 for an unknown key id or account, and exit 2 for a missing name or bad kind', async () => {
    const unknown = await d.cli(['keys', 'revoke', 'nope']);
    expect(unknown).toMatchObject({ code: 1, err: expect.stringContaining('"nope"') });
    const account = await d.cli(['keys', 'list', '--account', 'acct-x']);
    expect(account).toMatchObject({ code: 1, err: expect.stringContaining('--account') });
    expect(await d.cli(['keys', 'create'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--name is required'),
    });
    expect(await d.cli(['keys', 'create', '--name', 'x', '--kind', 'root'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--kind must be admin, application'),
    });
  });
});
