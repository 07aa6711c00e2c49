/**
 * The compose files in deploy/, checked without Docker (no daemon and no `docker compose` on the
 * machines of this project): each parses as YAML, builds the repository's Dockerfile, and hands the
 * server settings it accepts; the SQLite one keeps the image's data folder in a named volume; the
 * Redis one points the server at its Redis service, which keeps an append-only file and is not
 * published. Then the Redis variant as written, less Docker: its Redis command run by this
 * machine's redis-server (on a port and folder of the test's) and the built server started with
 * the service's environment on it, until /readyz says ready. That part needs the build and
 * redis-server; it is skipped, loudly, without them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DockerfileParser, type Env } from 'dockerfile-ast';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseSettings } from '@kindling/server';
import { freePort, startChild, waitFor } from './deploy-support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!built || !hasRedis)
  console.warn(
    '\n*** e2e/compose-files.test.ts: the Redis variant run SKIPPED: it needs `pnpm build` and redis-server ***\n',
  );

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}
interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

function composeFile(name: string): { path: string; file: ComposeFile } {
  const path = join(root, 'deploy', name);
  return { path, file: parse(readFileSync(path, 'utf8')) as ComposeFile };
}

/** The ENV of the Dockerfile's last stage: what the server sees before compose adds its own. */
function imageEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of DockerfileParser.parse(readFileSync(join(root, 'Dockerfile'), 'utf8')).getInstructions()) {
    if (instruction.getKeyword() === 'FROM') for (const name of Object.keys(env)) delete env[name];
    if (instruction.getKeyword() === 'ENV')
      for (const property of (instruction as Env).getProperties()) env[property.getName()] = property.getValue() ?? '';
  }
  return env;
}

function checkServer(path: string, file: ComposeFile): Service {
  const server = file.services.kindling;
  expect(server, 'a kindling service').toBeDefined();
  const build = server?.build as NonNullable<Service['build']>;
  expect(existsSync(join(resolve(dirname(path), build.context), build.dockerfile))).toBe(true);
  expect(resolve(dirname(path), build.context)).toBe(resolve(root));
  // Published on the port the image's server listens on.
  const image = imageEnv();
  expect(server?.ports?.map((port) => port.split(':').at(-1))).toEqual([image.PORT]);
  // Every named volume a service mounts is declared.
  for (const service of Object.values(file.services))
    for (const volume of service.volumes ?? []) expect(file.volumes).toHaveProperty(volume.split(':')[0] as string);
  return server as Service;
}

describe('deploy/compose.yaml (SQLite)', () => {
  const { path, file } = composeFile('compose.yaml');

  it('builds the image and keeps its data folder in a named volume', () => {
    const server = checkServer(path, file);
    const settings = parseSettings({ ...imageEnv(), ...server.environment });
    expect(settings.redis).toBeNull();
    expect(server.volumes?.map((volume) => volume.split(':')[1])).toEqual([settings.dataDir]);
  });
});

describe('deploy/compose.redis.yaml', () => {
  const { path, file } = composeFile('compose.redis.yaml');

  it('points the server at its Redis service, which keeps an append-only file in a volume and is not published', () => {
    const server = checkServer(path, file);
    const settings = parseSettings({ ...imageEnv(), ...server.environment });
    expect(settings.redis).not.toBeNull();
    const host = new URL((settings.redis as { url: string }).url).hostname;
    const redis = file.services[host];
    expect(redis, `a service named ${host}`).toBeDefined();
    expect(server.depends_on?.[host]?.condition).toBe('service_healthy');
    expect(redis?.command?.join(' ')).toContain('--appendonly yes');
    expect(redis?.volumes?.map((volume) => volume.split(':')[1])).toEqual(['/data']);
    expect(redis?.ports).toBeUndefined();
  });

  describe.skipIf(!built || !hasRedis)('run as written, less Docker', () => {
    const work = mkdtempSync(join(tmpdir(), 'kindling-compose-'));
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('serves from its Redis, ready on /readyz', async () => {
      const redisService = Object.entries(file.services).find(([name]) => name !== 'kindling') as [string, Service];
      const redisPort = await freePort();
      const [command, ...args] = redisService[1].command as string[];
      const redis = startChild(
        [command as string, ...args, '--port', String(redisPort), '--dir', work, '--bind', '127.0.0.1'],
        { PATH: process.env.PATH ?? '' },
      );
      const port = String(await freePort());
      const environment = (file.services.kindling as Service).environment as Record<string, string>;
      const url = new URL(environment.REDIS_URL as string);
      url.hostname = '127.0.0.1';
      url.port = String(redisPort);
      const env = {
        ...imageEnv(),
        ...environment,
        REDIS_URL: url.toString(),
        PORT: port,
        HOST: '127.0.0.1',
        KINDLING_DATA_DIR: join(work, 'unused'),
        PATH: process.env.PATH ?? '',
      };
      try {
        await waitFor(
          'redis-server answering',
          () =>
            new Promise((answered) => {
              const socket = connect(redisPort, '127.0.0.1', () => {
                socket.end();
                answered(true);
              });
              socket.on('error', () => answered(false));
            }),
        );
        const server = startChild([process.execPath, join(root, 'packages/server/bin/kindling.mjs'), 'start'], env);
        try {
          await waitFor('/readyz ready', async () => {
            const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
            return answer.status === 200 && ((await answer.json()) as { store: string }).store === 'redis';
          });
        } finally {
          expect(await server.stop(), server.output()).toBe(0);
        }
        expect(existsSync(join(work, 'unused', 'control.db'))).toBe(false);
        expect(existsSync(join(work, 'appendonlydir'))).toBe(true);
      } finally {
        await redis.stop();
      }
    }, 60_000);
  });
});
