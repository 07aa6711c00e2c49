import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../http/body-limit.js';
import { Engines } from '../engines/engines.js';
import { importFile } from './import-file.js';
import { resumeFileOf } from './import-resume.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';

const DAY = 86_400_000;
const START = Date.parse('2026-01-01T10:00:00Z');
const USERS = 40;

/** 1,000 lines over 40 users and 25 days, with 3 bad lines (at 101, 502 and 903). */
function eventsFile(dir: string): string {
  const lines: string[] = [];
  for (let i = 0; i < 1000; i++) {
    const n = i + 1;
    if (n === 101) lines.push('{"metric":"lessons","user":{"id":"u1"},');
    else if (n === 502) lines.push(JSON.stringify({ metric: 'lessons', user: { tz: 'UTC' }, value: 1 }));
    else if (n === 903) lines.push(JSON.stringify({ metric: 'nope', user: { id: 'u3' }, value: 1 }));
    else if (i % 2 === 0)
      lines.push(
        JSON.stringify({
          metric: 'lessons',
          user: { id: `u${i % USERS}`, tz: 'Europe/Berlin' },
          value: 1,
          at: new Date(START + Math.floor(i / USERS) * DAY).toISOString(),
        }),
      );
    else
      lines.push(
        JSON.stringify({
          metric: 'lessons',
          userId: `u${i % USERS}`,
          value: 2,
          at: START + Math.floor(i / USERS) * DAY + 3_600_000,
        }),
      );
  }
  const path = join(dir, 'events.ndjson');
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** Each user's lessons total and streak, read back from the store. */
async function snapshot(d: DataDir): Promise<Record<string, { total: number; length: number; longest: number }>> {
  const backend = d.open();
  const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
  const out: Record<string, { total: number; length: number; longest: number }> = {};
  for (let u = 0; u < USERS; u++) {
    const user = await engine.user(`u${u}`);
    const streak = await engine.streak(`u${u}`, { at: START + 30 * DAY });
    out[`u${u}`] = { total: user?.totals.lessons ?? 0, length: streak.length, longest: streak.longest };
  }
  await backend.close();
  return out;
}

/** The user `id` as the store has it, null when nothing of it was recorded. */
async function storedUser(d: DataDir, id: string) {
  const backend = d.open();
  try {
    const { engine } = await new Engines(backend, 0).runtimeFor(d.first.account.id);
    return await engine.user(id);
  } finally {
    await backend.close();
  }
}

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

async function run(path: string, options: { signal?: AbortSignal; abortAfter?: number } = {}) {
  const backend = d.open();
  const controller = new AbortController();
  try {
    return await importFile(path, {
      backend,
      accountId: d.first.account.id,
      signal: options.signal ?? controller.signal,
      onProgress: ({ linesThisRun }) => {
        if (options.abortAfter !== undefined && linesThisRun >= options.abortAfter) controller.abort();
      },
    });
  } finally {
    await backend.close();
  }
}

describe('importFile', () => {
  it("replays a file imported again within the keys' retention, and records it anew after it, counted from the import, not the events' own instants", async () => {
    const path = eventsFile(d.dir);
    const importAt = async (now: number) => {
      const backend = d.open();
      try {
        return await importFile(path, {
          backend,
          accountId: d.first.account.id,
          clock: () => now,
          idempotencyRetentionMs: 48 * 3_600_000,
        });
      } finally {
        await backend.close();
      }
    };
    // the events are dated January; imported in June
    const june = Date.parse('2026-06-01T00:00:00Z');
    expect(await importAt(june)).toMatchObject({ recorded: 997, replayed: 0 });
    expect(await importAt(june + 48 * 3_600_000 - 1)).toMatchObject({ recorded: 0, replayed: 997 });
    expect(await importAt(june + 48 * 3_600_000)).toMatchObject({ recorded: 997, replayed: 0 });
  });

  it('records every good line and names the bad ones by line number', async () => {
    const summary = await run(eventsFile(d.dir));
    expect(summary).toMatchObject({
      complete: true,
      recorded: 997,
      replayed: 0,
      rejected: 3,
      lines: 1000,
      resumedFrom: null,
    });
    expect(summary.reasons).toEqual([
      expect.stringMatching(/^line 101: not valid JSON/),
      'line 502: missing user id: give user.id or userId (a non-empty string)',
      expect.stringMatching(/^line 903: unknown metric "nope"/),
    ]);
    const totals = Object.values(await snapshot(d)).reduce((sum, u) => sum + u.total, 0);
    const expected = Array.from({ length: 1000 }, (_, i) =>
      [101, 502, 903].includes(i + 1) ? 0 : i % 2 === 0 ? 1 : 2,
    ).reduce((a: number, b) => a + b, 0);
    expect(totals).toBe(expected);
    expect(existsSync(resumeFileOf(join(d.dir, 'events.ndjson')))).toBe(false);
  });

  it('changes nothing when the same file is imported again', async () => {
    const path = eventsFile(d.dir);
    await run(path);
    const before = await snapshot(d);
    const again = await run(path);
    expect(again).toMatchObject({ recorded: 0, replayed: 997, rejected: 3 });
    expect(await snapshot(d)).toEqual(before);
  });

  it('goes on after an interruption where it stopped, ending as a one-shot import does', async () => {
    const oneShot = await dataDir();
    try {
      const backend = oneShot.open();
      const whole = await importFile(eventsFile(oneShot.dir), { backend, accountId: oneShot.first.account.id });
      await backend.close();
      expect(whole.complete).toBe(true);
      const expected = await snapshot(oneShot);

      const path = eventsFile(d.dir);
      const first = await run(path, { abortAfter: 300 });
      expect(first.complete).toBe(false);
      expect(first.lines).toBeGreaterThanOrEqual(300);
      expect(first.lines).toBeLessThan(1000);
      expect(existsSync(resumeFileOf(path))).toBe(true);

      const second = await run(path);
      expect(second).toMatchObject({
        complete: true,
        resumedFrom: { line: first.lines, offset: first.offset },
        lines: 1000,
        rejected: 3,
      });
      expect(second.recorded + second.replayed).toBe(997);
      expect(existsSync(resumeFileOf(path))).toBe(false);
      expect(await snapshot(d)).toEqual(expected);
    } finally {
      oneShot.remove();
    }
  });

  it('rejects a line that is not valid UTF-8, naming it, instead of reading its bytes as other characters', async () => {
    const path = join(d.dir, 'latin1.ndjson');
    const event = (fields: string) => Buffer.from(`{"metric":"lessons","value":1,${fields}}\n`, 'latin1');
    writeFileSync(
      path,
      Buffer.concat([
        event('"userId":"j\xfcrgen"'),
        event('"userId":"j\xf6rg"'),
        event('"userId":"ada","idempotencyKey":"k\xff"'),
        event('"userId":"ada","idempotencyKey":"k\xfe"'),
        event('"userId":"bob"'),
      ]),
    );
    const summary = await run(path);
    expect(summary).toMatchObject({ complete: true, lines: 5, recorded: 1, replayed: 0, rejected: 4 });
    expect(summary.reasons).toEqual(
      [1, 2, 3, 4].map((n) => expect.stringMatching(new RegExp(`^line ${n}: not valid UTF-8`))),
    );
    expect(await storedUser(d, 'j\ufffdrgen')).toBeNull();
    expect(await storedUser(d, 'ada')).toBeNull();
  });

  it('rejects an event more than an hour after its clock, which would hold its user on that date (S4), and records the others', async () => {
    const path = join(d.dir, 'future.ndjson');
    const now = Date.now();
    const line = (user: string, at: number) =>
      JSON.stringify({ metric: 'lessons', userId: user, value: 1, at: new Date(at).toISOString() });
    writeFileSync(
      path,
      [
        line('ada', now - DAY),
        line('ada', now + 2 * 3_600_000),
        line('bob', Date.parse('9000-01-01T00:00:00Z')),
        line('bob', now + 10 * 60_000),
      ].join('\n'),
    );
    const summary = await run(path);
    expect(summary).toMatchObject({ complete: true, lines: 4, recorded: 2, rejected: 2 });
    expect(summary.reasons).toEqual([
      expect.stringMatching(/^line 2: at .* is more than an hour after this import's clock/),
      expect.stringMatching(/^line 3: at 9000-01-01T00:00:00\.000Z is more than an hour after/),
    ]);
    expect((await storedUser(d, 'ada'))?.totals).toEqual({ lessons: 1 });
  });

  it('rejects lines the HTTP API would refuse, an at past the dates there are or a user id over 255 characters, and records the others', async () => {
    const path = join(d.dir, 'out-of-bounds.ndjson');
    const ok = (user: string) => JSON.stringify({ metric: 'lessons', userId: user, value: 1 });
    writeFileSync(
      path,
      [
        ok('ada'),
        JSON.stringify({ metric: 'lessons', userId: 'ada', value: 1, at: 8_640_000_000_000_001 }),
        JSON.stringify({ metric: 'lessons', userId: 'x'.repeat(10_000), value: 1 }),
        JSON.stringify({ metric: 'lessons', user: { id: 'bob', email: `${'e'.repeat(400)}@example.com` }, value: 1 }),
        ok('bob'),
      ].join('\n'),
    );
    const summary = await run(path);
    expect(summary).toMatchObject({ complete: true, lines: 5, recorded: 2, rejected: 3 });
    expect(summary.reasons).toEqual([
      expect.stringMatching(/^line 2: at must be an RFC 3339 instant/),
      expect.stringMatching(/^line 3: userId must be 1 to 255 characters/),
      expect.stringMatching(/^line 4: email must be 1 to 320 characters/),
    ]);
    expect((await storedUser(d, 'ada'))?.totals).toEqual({ lessons: 1 });
    expect((await storedUser(d, 'bob'))?.totals).toEqual({ lessons: 1 });
  });

  it('rejects a line longer than the HTTP API takes for one event, naming its length, and records the lines around it', async () => {
    /** an event line of exactly `bytes` bytes, without its newline */
    const sized = (userId: string, bytes: number) => {
      const head = `{"metric":"lessons","userId":"${userId}","value":1,"pad":"`;
      return `${head}${'a'.repeat(bytes - head.length - 2)}"}`;
    };
    const path = join(d.dir, 'long.ndjson');
    const huge = 4 * 1024 * 1024;
    writeFileSync(
      path,
      [
        sized('ada', 100),
        sized('bob', BODY_LIMIT),
        sized('cyd', BODY_LIMIT + 1),
        sized('dan', huge),
        sized('eve', 100),
        sized('fay', BODY_LIMIT + 1),
      ].join('\n'),
    );
    const summary = await run(path);
    expect(summary).toMatchObject({ complete: true, lines: 6, recorded: 3, rejected: 3 });
    expect(summary.reasons).toEqual([
      `line 3: the line is ${BODY_LIMIT + 1} bytes long, more than the ${BODY_LIMIT} bytes one event may take`,
      `line 4: the line is ${huge} bytes long, more than the ${BODY_LIMIT} bytes one event may take`,
      `line 6: the line is ${BODY_LIMIT + 1} bytes long, more than the ${BODY_LIMIT} bytes one event may take`,
    ]);
  });

  describe('going on after an interruption', () => {
    /** an import of `path` stopped after 300 lines; the resume file's content */
    async function interrupted(path: string): Promise<string> {
      const first = await run(path, { abortAfter: 300 });
      expect(first.complete).toBe(false);
      return readFileSync(resumeFileOf(path), 'utf8');
    }

    it('refuses when the file was replaced by another of the same name, naming the resume file and keeping it', async () => {
      const path = eventsFile(d.dir);
      const kept = await interrupted(path);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"u', '"v'));
      await expect(run(path)).rejects.toThrow(
        `${path} is not the file whose import ${resumeFileOf(path)} records: it changed since`,
      );
      await expect(run(path)).rejects.toThrow(/delete .* to import the file from its start/);
      expect(readFileSync(resumeFileOf(path), 'utf8')).toBe(kept);
      expect(await storedUser(d, 'v1')).toBeNull();
    });

    it('refuses when bytes before the offset changed though the size and the time of change did not', async () => {
      const path = eventsFile(d.dir);
      await interrupted(path);
      const { atime, mtime } = statSync(path);
      writeFileSync(path, readFileSync(path, 'utf8').replace('"u0"', '"w0"'));
      utimesSync(path, atime, mtime);
      await expect(run(path)).rejects.toThrow(resumeFileOf(path));
    });

    it('refuses a damaged or empty resume file, naming it and saying how to start over', async () => {
      const path = eventsFile(d.dir);
      for (const damaged of ['{"file":"events.nd', '', '[]', '{"file":"events.ndjson","offset":"12"}']) {
        writeFileSync(resumeFileOf(path), damaged);
        await expect(run(path)).rejects.toThrow(`${resumeFileOf(path)} is damaged`);
        await expect(run(path)).rejects.toThrow(/delete it to import the file from its start/);
      }
    });
  });
});
