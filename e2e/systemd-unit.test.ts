/**
 * deploy/kindling.service: `systemd-analyze verify` finds nothing in it (skipped, loudly, where
 * systemd is not installed), it runs the server as a user of its own with its data folder the unit's
 * state directory, and its ExecStart line, run as written (the package's install folder this
 * checkout's packages/server, the data folder and port the test's), answers /readyz, then stops
 * with exit code 0 on the unit's KillSignal within its TimeoutStopSec. No systemd runs as PID 1 on
 * the machines of this project, so the unit is not started by systemd itself. The backup service
 * and its timer: daily, as the service's user, and the service's ExecStart and ExecStartPost run as
 * written (systemd's %% and ${NAME} handed on as systemd does) write a backup that restores, and
 * delete those older than 14 days. The runs need the build; they are skipped, loudly, without it.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { dataDir } from '../packages/server/test/cli-io.js';
import { freePort, runToEnd, startChild, waitFor } from './deploy-support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const unitPath = join(root, 'deploy/kindling.service');
const backupUnitPath = join(root, 'deploy/kindling-backup.service');
const timerPath = join(root, 'deploy/kindling-backup.timer');
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

/** The one value of `key` in a unit's [Service]. */
function oneOf(service: Record<string, string[]>, key: string): string {
  const values = service[key] ?? [];
  expect(values, key).toHaveLength(1);
  return values[0] as string;
}

/** A service's Environment= lines as variables. */
function environmentOf(service: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    (service.Environment ?? []).map((assignment) => [
      assignment.split('=')[0],
      assignment.slice(assignment.indexOf('=') + 1),
    ]),
  ) as Record<string, string>;
}

const unit = parseUnit(readFileSync(unitPath, 'utf8'));
const service = unit.Service as Record<string, string[]>;
const one = (key: string): string => oneOf(service, key);
const environment = environmentOf(service);

/** ExecStart: the node binary, the installed package's bin/kindling.mjs, `start`. */
const EXEC_START = /^(\/\S+\/node) (\/\S+)\/bin\/kindling\.mjs start$/;
/** Where the units expect node; the test's own node where it is elsewhere. */
const NODE = '/usr/bin/node';
const EXEC_START_NODE = /\/usr\/bin\/node(?= )/;

describe('deploy/kindling.service', () => {
  it.skipIf(!hasSystemd)('passes systemd-analyze verify without a word, with the backup service and timer', () => {
    const verify = spawnSync('systemd-analyze', ['verify', unitPath, backupUnitPath, timerPath], { encoding: 'utf8' });
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

describe('deploy/kindling-backup.service and its timer', () => {
  const backup = parseUnit(readFileSync(backupUnitPath, 'utf8'));
  const backupService = backup.Service as Record<string, string[]>;
  const backupEnv = environmentOf(backupService);
  const timer = parseUnit(readFileSync(timerPath, 'utf8'));

  it('runs once a day, catching up a missed day, as the user of the service, on its data folder', () => {
    expect(timer.Timer?.OnCalendar).toEqual(['daily']);
    expect(timer.Timer?.Persistent).toEqual(['true']);
    expect(timer.Install?.WantedBy).toEqual(['timers.target']);
    expect(oneOf(backupService, 'Type')).toBe('oneshot');
    expect(oneOf(backupService, 'User')).toBe(one('User'));
    expect(backupEnv.KINDLING_DATA_DIR).toBe(environment.KINDLING_DATA_DIR);
    expect(oneOf(backupService, 'StateDirectory').split(' ')).toEqual([
      one('StateDirectory'),
      (backupEnv.KINDLING_BACKUP_DIR as string).replace('/var/lib/', ''),
    ]);
  });

  describe.skipIf(!built)('its ExecStart and ExecStartPost, run as written', () => {
    const work = mkdtempSync(join(tmpdir(), 'kindling-backup-unit-'));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('write a backup of the data folder that restores, and delete the backups older than 14 days', async () => {
      const d = await dataDir();
      try {
        const backups = join(work, 'backups');
        mkdirSync(backups);
        const old = join(backups, 'kindling-20200101T000000Z.tar');
        writeFileSync(old, 'an old backup');
        utimesSync(old, new Date('2020-01-01'), new Date('2020-01-01'));
        const env = {
          ...backupEnv,
          KINDLING_DATA_DIR: d.dir,
          KINDLING_BACKUP_DIR: backups,
          PATH: process.env.PATH ?? '',
          LOG_LEVEL: 'silent',
        };
        // systemd's own escapes and variables, as it hands the lines on: %% is %, ${NAME} the variable.
        const asSystemdRuns = (line: string) =>
          line
            .replaceAll('%%', '%')
            .replace(/\$\{(\w+)\}/g, (_, name: string) => env[name as keyof typeof env] ?? '')
            .replace(EXEC_START_NODE, existsSync(NODE) ? NODE : process.execPath)
            .replace('/opt/kindling', join(root, 'packages/server'));
        const script = /^\/bin\/sh -c '(.*)'$/.exec(oneOf(backupService, 'ExecStart'))?.[1];
        expect(script).toBeDefined();
        const ran = await runToEnd(['/bin/sh', '-c', asSystemdRuns(script as string)], env);
        expect(ran.code, ran.output).toBe(0);
        const made = readdirSync(backups).filter((name) => name !== 'kindling-20200101T000000Z.tar');
        expect(made).toHaveLength(1);
        expect(made[0]).toMatch(/^kindling-\d{8}T\d{6}Z\.tar$/);

        const post = asSystemdRuns(oneOf(backupService, 'ExecStartPost')).split(' ');
        const pruned = await runToEnd(post, env);
        expect(pruned.code, pruned.output).toBe(0);
        expect(readdirSync(backups)).toEqual(made);

        const restored = await d.cli(['restore', '--data', join(work, 'restored'), join(backups, made[0] as string)]);
        expect(restored.code, restored.err).toBe(0);
      } finally {
        d.remove();
      }
    }, 60_000);
  });
});
