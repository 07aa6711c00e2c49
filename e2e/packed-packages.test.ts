/**
 * The published packages as a user installs them: each one packed (`pnpm pack`, what publishing
 * uploads), the tarballs installed into a folder outside the workspace, then loaded from CommonJS
 * (`require`: Node >= 20.19 loads an ES module from `require`) and from an ES module (`import`),
 * each package calling one function. And @kindling/testing's main entry loading in a folder that
 * has fast-check and no test runner. Packs the built packages: it runs the full build first
 * (`scripts/build.mjs`, which builds only what changed since the last build: nothing, after
 * CI's). Installs from the packages the workspace's install already fetched where it can.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningRedis, startRedis } from '../packages/redis/test/cluster.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const PUBLISHED = ['core', 'testing', 'sqlite', 'redis', 'server'] as const;
type Published = (typeof PUBLISHED)[number];

/** The workspace's own version of a dependency, so the installs resolve from what is already fetched. */
function workspaceVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
  return manifest.version as string;
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `pnpm pack` of one package into `into`; the tarball's path. */
function pack(name: Published, into: string): string {
  const printed = run('pnpm', ['pack', '--pack-destination', into], join(root, 'packages', name)).trim();
  const tarball = printed.split('\n').at(-1) ?? '';
  if (!tarball.endsWith('.tgz')) throw new Error(`pnpm pack printed no tarball: ${printed}`);
  return tarball;
}

/** A folder outside the workspace with `dependencies` installed; every @kindling package comes from its tarball. */
function install(folder: string, tarballs: Record<Published, string>, dependencies: Record<string, string>): void {
  mkdirSync(folder, { recursive: true });
  const fromTarballs = Object.fromEntries(PUBLISHED.map((name) => [`@kindling/${name}`, `file:${tarballs[name]}`]));
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'installed-kindling',
      private: true,
      dependencies,
      pnpm: { overrides: fromTarballs, onlyBuiltDependencies: ['better-sqlite3'] },
    }),
  );
  run('pnpm', ['install', '--prefer-offline', '--reporter=silent'], folder);
}

/**
 * What the check script does with each package, the same from `require` and from `import`: the
 * loading lines differ, the calls are these. It prints one JSON line of what the calls returned.
 */
const CALLS = `
(async () => {
  const [folder, redisUrl] = process.argv.slice(2);
  const out = {};
  out.core = core.formatDay(core.parseDay('2024-02-29'));
  out.testing = fc.sample(testing.ruleArb(), 3).every((rule) => typeof core.parseRules([rule])[0].key === 'string');
  const file = sqlite.sqliteStore({ path: folder + '/streaks.db' });
  out.sqlite = await file.version('someone');
  await file.close();
  const kv = redis.redisStore({ url: redisUrl, keyPrefix: 'packed-' + process.pid });
  out.redis = await kv.version('someone');
  await kv.close();
  out.server = server.parseSettings({ PORT: '4321' }).port;
  try {
    server.parseSettings({ PORT: 'many' });
  } catch (error) {
    out.settingsError = error instanceof server.SettingsError;
  }
  out.conformance = typeof conformance.describeStoreConformance;
  console.log(JSON.stringify(out));
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
`;

const REQUIRE = `'use strict';
const core = require('@kindling/core');
const testing = require('@kindling/testing');
const conformance = require('@kindling/testing/conformance');
const sqlite = require('@kindling/sqlite');
const redis = require('@kindling/redis');
const server = require('@kindling/server');
const fc = require('fast-check');
${CALLS}`;

const IMPORT = `import * as core from '@kindling/core';
import * as testing from '@kindling/testing';
import * as conformance from '@kindling/testing/conformance';
import * as sqlite from '@kindling/sqlite';
import * as redis from '@kindling/redis';
import * as server from '@kindling/server';
import fc from 'fast-check';
${CALLS}`;

const EXPECTED = {
  core: '2024-02-29',
  testing: true,
  sqlite: 0,
  redis: 0,
  server: 4321,
  settingsError: true,
  conformance: 'function',
};

describe('the packed packages, installed outside the workspace', () => {
  let work = '';
  let redisServer: RunningRedis | undefined;
  let tarballs: Record<Published, string>;

  beforeAll(async () => {
    run('node', ['scripts/build.mjs', ...PUBLISHED.map((name) => `@kindling/${name}`)], root);
    work = mkdtempSync(join(tmpdir(), 'kindling-packed-'));
    tarballs = Object.fromEntries(PUBLISHED.map((name) => [name, pack(name, work)])) as Record<Published, string>;
    redisServer = await startRedis();
  }, 600_000);

  afterAll(async () => {
    await redisServer?.stop();
    if (work !== '') rmSync(work, { recursive: true, force: true });
  });

  const redisUrl = () => {
    const node = redisServer?.nodes[0];
    if (node === undefined) throw new Error('no Redis started');
    return `redis://${node.host}:${node.port}`;
  };

  describe('in an application that uses every package', () => {
    let app = '';
    beforeAll(() => {
      app = join(work, 'app');
      install(app, tarballs, {
        ...Object.fromEntries(PUBLISHED.map((name) => [`@kindling/${name}`, `file:${tarballs[name]}`])),
        'fast-check': workspaceVersion('fast-check'),
        vitest: workspaceVersion('vitest'),
      });
      writeFileSync(join(app, 'check.cjs'), REQUIRE);
      writeFileSync(join(app, 'check.mjs'), IMPORT);
    }, 600_000);

    it('loads each package from CommonJS with require and calls one of its functions', () => {
      const printed = run('node', ['check.cjs', app, redisUrl()], app);
      expect(JSON.parse(printed)).toEqual(EXPECTED);
    });

    it('loads each package from an ES module with import and calls one of its functions', () => {
      const printed = run('node', ['check.mjs', app, redisUrl()], app);
      expect(JSON.parse(printed)).toEqual(EXPECTED);
    });
  });

  describe('in an application that has fast-check and no test runner', () => {
    let app = '';
    beforeAll(() => {
      app = join(work, 'property-tests');
      install(app, tarballs, {
        '@kindling/core': `file:${tarballs.core}`,
        '@kindling/testing': `file:${tarballs.testing}`,
        'fast-check': workspaceVersion('fast-check'),
      });
    }, 600_000);

    it('installs no vitest, vite or rolldown with @kindling/testing', () => {
      const installed = readdirSync(join(app, 'node_modules', '.pnpm'));
      expect(installed.filter((entry) => /^(vitest|vite|rolldown)@/.test(entry))).toEqual([]);
    });

    it("loads @kindling/testing's arbitraries and invariants without vitest, both ways", () => {
      const calls = `console.log(JSON.stringify([
        typeof testing.streakViolations,
        fc.sample(testing.ruleArb(), 3).every((rule) => typeof core.parseRules([rule])[0].key === 'string'),
      ]));`;
      const viaRequire = `const core = require('@kindling/core');
const testing = require('@kindling/testing');
const fc = require('fast-check');
${calls}`;
      const viaImport = `import * as core from '@kindling/core';
import * as testing from '@kindling/testing';
import fc from 'fast-check';
${calls}`;
      writeFileSync(join(app, 'check.cjs'), viaRequire);
      writeFileSync(join(app, 'check.mjs'), viaImport);
      expect(JSON.parse(run('node', ['check.cjs'], app))).toEqual(['function', true]);
      expect(JSON.parse(run('node', ['check.mjs'], app))).toEqual(['function', true]);
    });
  });
});
