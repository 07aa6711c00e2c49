/**
 * scripts/build.mjs, the build `pnpm build` and `pnpm start` run, on a workspace of its own in a
 * temp folder: three small packages (`app` declares `lib`; `other` declares nothing), each of whose
 * build scripts writes its dist/ and notes in a log which build ran. The script is the real one;
 * only the packages are small, so that what it builds, and what it leaves, can be read off the log.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));

/** A package's build: dist/index.js, and with `full` its declarations; one line in the root's builds.log. */
const PACKAGE_BUILD = `import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
const [name, kind] = process.argv.slice(2);
if (process.env.FAIL_BUILD === name) process.exit(3);
rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
writeFileSync('dist/index.js', 'export {};\\n');
if (kind === 'full') writeFileSync('dist/index.d.ts', 'export {};\\n');
appendFileSync('../../builds.log', name + ' ' + kind + '\\n');
`;

let root = '';

function writePackage(name: string, deps: Record<string, string>): void {
  const folder = join(root, 'packages', name);
  mkdirSync(join(folder, 'src'), { recursive: true });
  writeFileSync(join(folder, 'src', 'index.ts'), `export const name = '${name}';\n`);
  writeFileSync(join(folder, 'build.mjs'), PACKAGE_BUILD);
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name,
      version: '1.0.0',
      type: 'module',
      files: ['dist'],
      scripts: { build: `node build.mjs ${name} full`, 'build:js': `node build.mjs ${name} js` },
      dependencies: deps,
    }),
  );
}

/** Runs the build script in the temp workspace; the builds it ran, in order. */
function build(args: string[] = [], env: Record<string, string> = {}): string[] {
  const log = join(root, 'builds.log');
  writeFileSync(log, '');
  execFileSync('node', [script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

function failingBuild(args: string[], env: Record<string, string>): string {
  try {
    build(args, env);
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
  throw new Error('the build did not fail');
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kindling-build-'));
  writeFileSync(join(root, '.gitignore'), 'node_modules/\ndist/\n*.log\n');
  writeFileSync(join(root, 'tsconfig.json'), '{}\n');
  writeFileSync(join(root, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
  writePackage('lib', {});
  writePackage('app', { lib: 'workspace:*' });
  writePackage('other', {});
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('the incremental build', () => {
  it('builds every package the first time, each after the packages it declares', () => {
    const builds = build();
    expect([...builds].sort()).toEqual(['app full', 'lib full', 'other full']);
    expect(builds.indexOf('lib full')).toBeLessThan(builds.indexOf('app full'));
  });

  it('builds nothing again when nothing changed', () => {
    build();
    expect(build()).toEqual([]);
    expect(build(['--no-declarations'])).toEqual([]);
  });

  it('builds a package whose source changed and the packages that declare it, and no other', () => {
    build();
    writeFileSync(join(root, 'packages', 'lib', 'src', 'index.ts'), "export const name = 'lib, changed';\n");
    expect(build()).toEqual(['lib full', 'app full']);
    writeFileSync(join(root, 'packages', 'app', 'src', 'extra.ts'), 'export const more = 1;\n');
    expect(build()).toEqual(['app full']);
  });

  it('builds every package again when the lockfile or the shared tsconfig changed', () => {
    build();
    writeFileSync(join(root, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n# another version\n");
    expect(build()).toHaveLength(3);
    writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": {} }\n');
    expect(build()).toHaveLength(3);
  });

  it('takes no test, Markdown page or ignored file for a build input', () => {
    build();
    writeFileSync(join(root, 'packages', 'lib', 'src', 'index.test.ts'), 'test\n');
    writeFileSync(join(root, 'packages', 'lib', 'README.md'), 'read me\n');
    writeFileSync(join(root, 'packages', 'lib', 'debug.log'), 'noise\n');
    expect(build()).toEqual([]);
  });

  it('builds for a start only the named package and what it declares, without declarations', () => {
    expect(build(['--no-declarations', 'app'])).toEqual(['lib js', 'app js']);
    expect(build(['--no-declarations', 'app'])).toEqual([]);
  });

  it('is not fooled by a build without declarations when the full build is asked for', () => {
    build(['--no-declarations', 'app']);
    const builds = build();
    expect([...builds].sort()).toEqual(['app full', 'lib full', 'other full']);
    expect(builds.indexOf('lib full')).toBeLessThan(builds.indexOf('app full'));
    expect(build(['--no-declarations', 'app'])).toEqual([]);
  });

  it('builds a package again whose outputs were removed or changed since its build', () => {
    build();
    rmSync(join(root, 'packages', 'other', 'dist'), { recursive: true });
    expect(build()).toEqual(['other full']);
    rmSync(join(root, 'packages', 'lib', 'dist', 'index.d.ts'));
    expect(build()).toEqual(['lib full']);
  });

  it('builds again next time a package whose build failed, and builds nothing after it', () => {
    build();
    writeFileSync(join(root, 'packages', 'lib', 'src', 'index.ts'), "export const name = 'lib, broken';\n");
    expect(failingBuild([], { FAIL_BUILD: 'lib' })).toMatch(/lib's build failed/);
    expect(readFileSync(join(root, 'builds.log'), 'utf8')).toBe('');
    expect(build()).toEqual(['lib full', 'app full']);
  });

  it('refuses a package name the workspace does not have', () => {
    expect(failingBuild(['missing'], {})).toMatch(/no workspace package named missing/);
  });
});
