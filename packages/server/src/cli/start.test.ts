import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server.js';
import { runCli } from './main.js';
import { launch } from './start.js';
import { fakeIo } from '../../test/cli-io.js';

let dir = '';
let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  dir = mkdtempSync(join(tmpdir(), 'kindling-start-'));
  return { KINDLING_DATA_DIR: dir, LOG_LEVEL: 'silent', KINDLING_DASHBOARD_DIR: join(dir, 'no-dashboard') };
}

describe('kindling start', () => {
  it('prints the keys, the starter metric and a curl line on first start, and the curl line records an event', async () => {
    const io = fakeIo(env());
    server = await launch(['--port', '0', '--host', '127.0.0.1'], io);
    const first = server?.firstStart;
    if (server === null || first === null || first === undefined) throw new Error('expected a first start');
    const text = io.out();
    expect(text).toContain(first.adminKey.key);
    expect(text).toContain(first.applicationKey.key);
    expect(text).toContain('"lessons"');
    expect(text).toContain(`${server.url}/docs`);
    const curl = /curl -X POST (\S+) -H "X-API-KEY: (\S+)" -H "Content-Type: application\/json" -d '(.+)'/.exec(text);
    expect(curl?.[2]).toBe(first.applicationKey.key);
    const response = await fetch(curl?.[1] as string, {
      method: 'POST',
      headers: { 'x-api-key': curl?.[2] as string, 'content-type': 'application/json' },
      body: curl?.[3],
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ total: 1, currentStreak: { length: 1 } });
  });

  it('prints a password command that runs from a checkout as printed, on the folder the server uses', async () => {
    const settings = env();
    const io = fakeIo(settings);
    server = await launch(['--port', '0', '--host', '127.0.0.1'], io);
    const printed = /set an owner password: (node (\S+) password set[^\n(]*?)\s*(?:\(|$)/m.exec(io.out());
    expect(printed?.[1]).toBe(`node packages/server/bin/kindling.mjs password set --data ${dir}`);
    const root = fileURLToPath(new URL('../../../..', import.meta.url));
    expect(existsSync(join(root, printed?.[2] as string))).toBe(true);
    await server?.close();
    server = null;
    const argv = (printed![1] as string).split(' ').slice(2);
    const set = fakeIo({ LOG_LEVEL: 'silent' }, 'correct horse\n');
    expect(await runCli(argv, set)).toBe(0);
    expect(set.err()).toBe('');
  });

  it.each([
    ['0.0.0.0', 'every IPv4 interface (0.0.0.0'],
    ['::', 'every interface (::'],
  ])(
    'says it listens on every interface with --host %s, and gives a loopback curl line labelled as such',
    async (host, said) => {
      const settings = env();
      const io = fakeIo(settings);
      server = await launch(['--port', '0', '--host', host], io);
      if (server === null) throw new Error('expected a running server');
      const port = (server.app.server.address() as { port: number }).port;
      const text = io.out();
      expect(text).toContain(`Kindling is listening on ${said}, port ${port})`);
      expect(text).not.toMatch(/running at http:\/\/127\.0\.0\.1/);
      expect(text).toContain(`on this machine (loopback): http://127.0.0.1:${port}`);
      const curl = /curl -X POST (\S+) -H "X-API-KEY: (\S+)" -H "Content-Type: application\/json" -d '(.+)'/.exec(text);
      expect(curl?.[1]).toBe(`http://127.0.0.1:${port}/api/metrics/lessons/event`);
      const response = await fetch(curl?.[1] as string, {
        method: 'POST',
        headers: { 'x-api-key': curl?.[2] as string, 'content-type': 'application/json' },
        body: curl?.[3],
      });
      expect(response.status).toBe(201);
      await server?.close();
      const later = fakeIo(settings);
      server = await launch(['--port', String(port), '--host', host, '--json'], later);
      expect(JSON.parse(later.out())).toMatchObject({
        url: `http://127.0.0.1:${port}`,
        listening: { host, port, everyInterface: true },
      });
    },
  );

  it('prints one line with the address and the data folder on later starts', async () => {
    const settings = env();
    server = await launch(['--port', '0', '--host', '127.0.0.1'], fakeIo(settings));
    await server?.close();
    const io = fakeIo(settings);
    server = await launch(['--port', '0', '--host', '127.0.0.1'], io);
    expect(server?.firstStart).toBeNull();
    expect(io.out()).toBe(`Kindling is running at ${server?.url} (data in ${dir})\n`);
  });

  it('prints the first start as one JSON document with --json', async () => {
    const io = fakeIo(env());
    server = await launch(['--port=0', '--host=127.0.0.1', '--json'], io);
    const printed = JSON.parse(io.out());
    expect(printed).toMatchObject({
      url: server?.url,
      data: dir,
      firstStart: { applicationKey: server?.firstStart?.applicationKey.key, metric: 'lessons' },
    });
  });

  it('exits 2 naming the variable when a setting is wrong, and naming the flag when a flag is', async () => {
    const io = fakeIo({ ...env(), PORT: 'eighty' });
    expect(await runCli(['start'], io)).toBe(2);
    expect(io.err()).toContain('PORT must be a whole number');
    const flagged = fakeIo(env());
    expect(await runCli(['start', '--port', '99999'], flagged)).toBe(2);
    expect(flagged.err()).toContain('--port must be a whole number from 0 to 65535');
    const unknown = fakeIo(env());
    expect(await runCli(['start', '--prot', '1'], unknown)).toBe(2);
    expect(unknown.err()).toContain('unknown flag --prot');
  });

  it('exits 2 naming the variable, at once, when --data names a folder the system cannot make (under /proc)', async () => {
    const io = fakeIo(env());
    expect(await runCli(['start', '--port', '0', '--data', '/proc/kindling-no-such/data'], io)).toBe(2);
    expect(io.err()).toContain(
      'KINDLING_DATA_DIR (--data) /proc/kindling-no-such/data cannot be made a folder: ENOENT',
    );
  });

  it('says the port is taken and how to choose another when something else listens on it', async () => {
    server = await launch(['--port', '0', '--host', '127.0.0.1'], fakeIo(env()));
    const port = new URL(server?.url as string).port;
    const other = mkdtempSync(join(tmpdir(), 'kindling-start-'));
    try {
      const io = fakeIo({ KINDLING_DATA_DIR: other, LOG_LEVEL: 'silent' });
      expect(await runCli(['start', '--port', port, '--host', '127.0.0.1'], io)).toBe(1);
      expect(io.err()).not.toContain('unexpected');
      expect(io.err()).toContain(`port ${port} on 127.0.0.1 is in use`);
      expect(io.err()).toContain('--port');
      expect(io.err()).toContain('PORT');
      const json = fakeIo({ KINDLING_DATA_DIR: other, LOG_LEVEL: 'silent' });
      expect(await runCli(['start', '--port', port, '--host', '127.0.0.1', '--json'], json)).toBe(1);
      expect(JSON.parse(json.err())).toMatchObject({ code: 'PORT_IN_USE' });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  // a name no resolver knows (the .invalid top-level domain never resolves, RFC 6761) is no address of this machine
  it('says a --host that names no address of this machine is not available, not an unexpected failure', async () => {
    const io = fakeIo(env());
    expect(await runCli(['start', '--port', '0', '--host', 'no-such-host.invalid', '--json'], io)).toBe(1);
    expect(JSON.parse(io.err())).toMatchObject({ code: 'ADDRESS_NOT_AVAILABLE' });
  });

  it('reads the flags after the `--` that `pnpm start -- --port N` passes, and refuses stray arguments', async () => {
    const separated = fakeIo(env());
    expect(await runCli(['start', '--', '--port', '99999'], separated)).toBe(2);
    expect(separated.err()).toContain('--port must be a whole number from 0 to 65535');
    const stray = fakeIo(env());
    expect(await runCli(['start', '3000'], stray)).toBe(2);
    expect(stray.err()).toContain('unexpected argument "3000"');
  });
});

describe('kindling', () => {
  it('lists the commands with --help and refuses an unknown command with exit code 2', async () => {
    const help = fakeIo();
    expect(await runCli(['--help'], help)).toBe(0);
    for (const name of ['start', 'keys', 'metrics', 'points', 'streak', 'user', 'import', 'password'])
      expect(help.out()).toContain(`  ${name}`);
    const unknown = fakeIo();
    expect(await runCli(['strat'], unknown)).toBe(2);
    expect(unknown.err()).toContain('unknown command "strat"');
  });

  it('gives each command its own --help', async () => {
    const io = fakeIo();
    expect(await runCli(['import', '--help'], io)).toBe(0);
    expect(io.out()).toContain('usage: kindling import FILE.ndjson');
  });
});
