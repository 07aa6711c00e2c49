/**
 * What a rollback meets (docs/operations.md, "Upgrades and rollbacks"): a server of an older version
 * started on a data folder that a newer one migrated exits 1 before it listens, naming the file and
 * the versions, and leaves every file as it was; the way back is the backup taken before the
 * upgrade. The newer version is played by raising the streak file's schema version one past the
 * last migration this checkout ships. Runs the built server; skipped, loudly, without the build.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@kindling/sqlite';
import { built, root, startServerProcess } from './faults/server-process.js';

if (!built)
  console.warn('\n*** e2e/newer-schema.test.ts SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n');

type Database = { pragma(text: string, options?: { simple: boolean }): unknown; close(): void };
const openSqlite = createRequire(join(root, 'packages/sqlite/package.json'))('better-sqlite3') as new (
  path: string,
) => Database;

function digests(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]),
  );
}

describe.skipIf(!built)('a data folder a newer version migrated', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kindling-newer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops an older server before it listens, naming the file and the versions, and is left as it was', async () => {
    const first = await startServerProcess({ args: ['--data', dir] });
    expect(first.firstStart).not.toBeNull();
    expect(await first.stop()).toBe(0);
    const latest = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).length;
    const db = new openSqlite(join(dir, 'kindling.db'));
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    db.pragma(`user_version = ${latest + 1}`);
    db.close();
    const before = digests(dir);

    const refused = await startServerProcess({ args: ['--data', dir] }).then(
      async (server) => {
        await server.stop();
        return 'it started';
      },
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/exited with 1 before it started/);
    expect(refused).toContain('kindling.db');
    expect(refused).toContain(
      `has schema version ${latest + 1}, written by a newer @kindling/sqlite; this version knows up to ${latest}`,
    );
    expect(digests(dir)).toEqual(before);
  }, 60_000);
});
