import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../secrets.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

async function storedHash(): Promise<string | null> {
  const backend = d.open();
  const account = await backend.control.account(d.first.account.id);
  await backend.close();
  return account?.passwordHash ?? null;
}

describe('kindling password set', () => {
  it('stores a hash of the first line piped to it', async () => {
    const set = await d.cli(['password', 'set'], 'correct horse\nignored\n');
    expect(set.code).toBe(0);
    const hash = await storedHash();
    expect(hash).not.toBeNull();
    expect(await verifyPassword('correct horse', hash as string)).toBe(true);
    expect(await verifyPassword('ignored', hash as string)).toBe(false);
  });

  it('refuses a password over 1,024 characters, which sign-in would never take, and changes nothing', async () => {
    expect(await d.cli(['password', 'set'], `${'x'.repeat(1025)}\n`)).toMatchObject({
      code: 1,
      err: expect.stringContaining('at most 1024'),
    });
    expect(await storedHash()).toBeNull();
  });

  it('refuses a password under 8 characters and changes nothing', async () => {
    expect(await d.cli(['password', 'set'], 'short\n')).toMatchObject({
      code: 1,
      err: expect.stringContaining('at least 8 characters'),
    });
    expect(await storedHash()).toBeNull();
  });
});
