/**
 * deploy/kindling.service: `systemd-analyze verify` finds nothing in it (skipped, loudly, where
 * systemd is not installed), it runs the server as a user of its own with its data folder the unit's
 * state directory, and its ExecStart line, run as written (the package's install folder this
 * checkout's packages/server, the data folder and port the test's), answers /readyz, then stops
 * with exit code 0 on the unit's KillSignal within its TimeoutStopSec. No systemd runs as PID 1 on
 * the machines of this project, so the unit is not started by systemd itself. The run needs the
 * build; it is skipped, loudly, without it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startChild, waitFor } from './deploy-support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const unitPath = join(root, 'deploy/kindling.service');
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
const hasSystemd = spawnSync('systemd-analyze', ['--version']).status === 0;
if (!hasSystemd)
  console.warn('\n*** e2e/systemd-unit.test.ts: systemd-analyze verify SKIPPED: systemd is not installed ***\n');
if (!built) console.warn('\n*** e2e/systemd-unit.test.ts: the ExecStart run SKIPPED: run `pnpm build` first ***\n');

/** The unit's sections, each key with its values in order (a key such as Environment may repeat). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let section: Record<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header !== null) {
      section = {};
      sections[header[1] as string] = section;
      continue;
    }
    const at = line.indexOf('=');
    if (section === undefined || at < 1) throw new Error(`not a unit line: ${line}`);
    const key = line.slice(0, at);
    section[key] = [...(section[key] ?? []), line.slice(at + 1)];
  }
  return sections;
}

const unit = parseUnit(readFileSync(unitPath, 'utf8'));
const service = unit.Service as Record<string, string[]>;
const one = (key: string): string => {
  const values = service[key] ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] as string;
};
const environment = Object.fromEntries(
  (service.Environment ?? []).map((assignment) => [
    assignment.split('=')[0],
    assignment.slice(assignment.indexOf('=') + 1),
  ]),
) as Record<string, string>;

/** ExecStart: the node binary, the installed package's bin/kindling.mjs, `start`. */
const EXEC_START = /^(\/\S+\/node) (\/\S+)\/bin\/kindling\.mjs start$/;

describe('deploy/kindling.service', () => {
  it.skipIf(!hasSystemd)('passes systemd-analyze verify without a word', () => {
    const verify = spawnSync('systemd-analyze', ['verify', unitPath], { encoding: 'utf8' });
    expect(`${verify.stdout}${verify.stderr}`).toBe('');
    expect(verify.status).toBe(0);
  });

  it('runs as a user of its own, its data folder its state directory, stopped by SIGTERM', () => {
    expect(['root', '0']).not.toContain(one('User'));
    expect(environment.KINDLING_DATA_DIR).toBe(`/var/lib/${one('StateDirectory')}`);
    expect(one('WorkingDirectory')).toBe(environment.KINDLING_DATA_DIR);
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(one('Restart')).toBe('on-failure');
    expect(one('ExecStart')).toMatch(EXEC_START);
    expect(unit.Install?.WantedBy).toEqual(['multi-user.target']);
  });

  describe.skipIf(!built)('its ExecStart, run as written', () => {
    const work = mkdtempSync(join(tmpdir(), 'kindling-unit-'));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('answers /readyz, and exits 0 on its KillSignal within its TimeoutStopSec', async () => {
      const [, node, prefix] = EXEC_START.exec(one('ExecStart')) as RegExpExecArray;
      const argv = one('ExecStart')
        .replace(prefix as string, join(root, 'packages/server'))
        .replace(node as string, existsSync(node as string) ? (node as string) : process.execPath)
        .split(' ');
      const port = String(await freePort());
      const data = join(work, 'state');
      const server = startChild(
        argv,
        { ...environment, PORT: port, KINDLING_DATA_DIR: data, PATH: process.env.PATH ?? '' },
        work,
      );
      try {
        await waitFor('/readyz ready', async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200);
      } finally {
        const stopBy = Date.now() + Number(one('TimeoutStopSec')) * 1000;
        expect(await server.stop(), server.output()).toBe(0);
        expect(Date.now()).toBeLessThan(stopBy);
      }
      expect(existsSync(join(data, 'control.db'))).toBe(true);
    }, 60_000);
  });
});
