// @ts-check
/**
 * What `build.mjs` decides with: the workspace's packages and the order they build in, the digest
 * of what a package's build reads, the stamp a build leaves, and which packages need building.
 *
 * A package's build inputs are every file of its folder that is not ignored by the root
 * .gitignore (so not node_modules/, dist/ or another build's output) and is not a test, a bench or
 * a Markdown page; plus the root tsconfig.json (which the packages' tsconfigs extend) and
 * pnpm-lock.yaml (the versions of the tools and of the code a bundle takes in); plus the digests of
 * the workspace packages it declares, so that a change reaches its dependents.
 *
 * Its stamp, kept in the package's node_modules/.cache (never in what it publishes), holds that
 * digest, whether the build was the full one (declarations included), and a fingerprint of its
 * outputs (path, size and time of each file under the package.json `files` entries, or dist/): a
 * dist/ changed since by anything else (cleaned, built by hand) does not match, and is built again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Bumped when what a stamp means changes, so that every older stamp is out of date. */
const STAMP_FORMAT = 1;
const ROOT_INPUTS = ['tsconfig.json', 'pnpm-lock.yaml'];
const NOT_INPUTS = [/(^|\/)(test|bench)\//, /\.test\.tsx?$/, /\.md$/];

/**
 * @typedef {{ name: string, folder: string, manifest: Record<string, any>, deps: string[] }} Pkg
 * @typedef {{ root: string, packages: Map<string, Pkg>, ignored: (path: string, directory: boolean) => boolean }} Workspace
 * @typedef {{ digest: string, complete: boolean }} Stamp
 * @typedef {{ pkg: Pkg, script: string, stamp: Stamp, build: boolean, reason: string }} Step
 */

/**
 * The root .gitignore as a test of a root-relative path. Its lines are names (`node_modules/`,
 * `*.log`: anywhere), paths (`packages/server/dashboard/`: from the root), a trailing `/` for
 * folders only; `!` lines are not used here and are not read.
 * @param {string} root
 * @returns {(path: string, directory: boolean) => boolean}
 */
function gitignoreOf(root) {
  const file = join(root, '.gitignore');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  const rules = lines
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const folderOnly = line.endsWith('/');
      const body = (folderOnly ? line.slice(0, -1) : line).replace(/^\//, '');
      const glob = body
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*');
      return { folderOnly, pattern: new RegExp(body.includes('/') ? `^${glob}$` : `(^|/)${glob}$`) };
    });
  return (path, directory) => rules.some((rule) => (directory || !rule.folderOnly) && rule.pattern.test(path));
}

/**
 * The packages under packages/ and the workspace packages each declares.
 * @param {string} root
 * @returns {Workspace}
 */
export function readWorkspace(root) {
  const folders = readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')))
    .map((entry) => join(root, 'packages', entry.name))
    .sort();
  const manifests = folders.map((folder) => ({
    folder,
    manifest: JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')),
  }));
  const names = new Set(manifests.map(({ manifest }) => /** @type {string} */ (manifest.name)));
  /** @type {Map<string, Pkg>} */
  const packages = new Map();
  for (const { folder, manifest } of manifests) {
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
    packages.set(manifest.name, { name: manifest.name, folder, manifest, deps: declared.filter((n) => names.has(n)) });
  }
  return { root, packages, ignored: gitignoreOf(root) };
}

/**
 * Every file under `folder` (root-relative paths, sorted) that the root .gitignore does not ignore.
 * @param {Workspace} workspace @param {string} folder
 * @returns {string[]}
 */
function filesUnder(workspace, folder) {
  /** @type {string[]} */
  const found = [];
  const walk = (/** @type {string} */ dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const rel = relative(workspace.root, path).split(sep).join('/');
      if (workspace.ignored(rel, entry.isDirectory())) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(rel);
    }
  };
  walk(folder);
  return found.sort();
}

/**
 * The digest of a package's build inputs, its declared packages' digests included.
 * @param {Workspace} workspace @param {Pkg} pkg @param {Map<string, string>} digests of its declared packages
 * @returns {string}
 */
export function inputDigest(workspace, pkg, digests) {
  const hash = createHash('sha256').update(`stamp format ${STAMP_FORMAT}\n`);
  const own = filesUnder(workspace, pkg.folder).filter((path) => !NOT_INPUTS.some((pattern) => pattern.test(path)));
  const rootFiles = ROOT_INPUTS.filter((path) => existsSync(join(workspace.root, path)));
  for (const path of [...rootFiles, ...own]) {
    hash
      .update(`${path}\0`)
      .update(readFileSync(join(workspace.root, path)))
      .update('\0');
  }
  for (const dep of [...pkg.deps].sort()) hash.update(`${dep}=${digests.get(dep)}\n`);
  return hash.digest('hex');
}

/**
 * A fingerprint of what a package's build left: path, size and modification time of every file
 * under its package.json `files` entries (or dist/), and which entries are missing.
 * @param {Pkg} pkg
 * @returns {string}
 */
export function outputFingerprint(pkg) {
  const entries = Array.isArray(pkg.manifest.files) ? pkg.manifest.files : ['dist'];
  const hash = createHash('sha256');
  const visit = (/** @type {string} */ path) => {
    if (!existsSync(path)) return void hash.update(`missing ${relative(pkg.folder, path)}\n`);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else hash.update(`${relative(pkg.folder, path)} ${stat.size} ${stat.mtimeMs}\n`);
  };
  for (const entry of [...entries].sort()) visit(join(pkg.folder, entry));
  return hash.digest('hex');
}

/** @param {Pkg} pkg */
function stampFile(pkg) {
  return join(pkg.folder, 'node_modules', '.cache', 'kindling-build-stamp.json');
}

/** @param {Pkg} pkg @returns {(Stamp & { outputs: string }) | null} */
function readStamp(pkg) {
  try {
    return JSON.parse(readFileSync(stampFile(pkg), 'utf8'));
  } catch {
    return null;
  }
}

/** Removes a package's stamp: called before its build, so a build that does not finish leaves none. @param {Pkg} pkg */
export function removeStamp(pkg) {
  rmSync(stampFile(pkg), { force: true });
}

/** Writes a package's stamp after its build: the digest it was built from and its outputs as they are now. @param {Pkg} pkg @param {Stamp} stamp */
export function writeStamp(pkg, stamp) {
  mkdirSync(join(pkg.folder, 'node_modules', '.cache'), { recursive: true });
  writeFileSync(stampFile(pkg), `${JSON.stringify({ ...stamp, outputs: outputFingerprint(pkg) })}\n`);
}

/**
 * The packages to build, in waves (a package in a later wave than every package it declares), and
 * for each whether it is built now and why.
 * @param {Workspace} workspace
 * @param {{ names: string[], declarations: boolean }} request `names` empty: every package
 * @returns {{ waves: Step[][] }}
 */
export function buildPlan(workspace, { names, declarations }) {
  /** @type {Set<string>} */
  const selected = new Set();
  const select = (/** @type {string} */ name) => {
    const pkg = workspace.packages.get(name);
    if (pkg === undefined) throw new Error(`build: no workspace package named ${name}`);
    if (selected.has(name)) return;
    selected.add(name);
    for (const dep of pkg.deps) select(dep);
  };
  for (const name of names.length > 0 ? names : [...workspace.packages.keys()]) select(name);

  /** @type {Map<string, number>} */
  const waveOf = new Map();
  /** @type {(name: string, path: string[]) => number} */
  const place = (name, path) => {
    const known = waveOf.get(name);
    if (known !== undefined) return known;
    if (path.includes(name)) throw new Error(`build: the packages declare each other: ${[...path, name].join(' → ')}`);
    const pkg = /** @type {Pkg} */ (workspace.packages.get(name));
    /** @type {number} */
    const wave = Math.max(-1, ...pkg.deps.map((dep) => place(dep, [...path, name]))) + 1;
    waveOf.set(name, wave);
    return wave;
  };
  for (const name of selected) place(name, []);

  /** @type {Step[][]} */
  const waves = [];
  /** @type {Map<string, string>} */
  const digests = new Map();
  const ordered = [...selected].sort((a, b) => (waveOf.get(a) ?? 0) - (waveOf.get(b) ?? 0) || a.localeCompare(b));
  for (const name of ordered) {
    const pkg = /** @type {Pkg} */ (workspace.packages.get(name));
    const digest = inputDigest(workspace, pkg, digests);
    digests.set(name, digest);
    const script = !declarations && pkg.manifest.scripts?.['build:js'] ? 'build:js' : 'build';
    const stamp = { digest, complete: script === 'build' };
    const last = readStamp(pkg);
    const reason =
      last === null
        ? 'no stamp of a finished build'
        : last.digest !== digest
          ? 'its inputs or a package it declares changed'
          : declarations && !last.complete
            ? 'the last build left the declarations out'
            : last.outputs !== outputFingerprint(pkg)
              ? 'its outputs changed since its last build'
              : '';
    const wave = /** @type {number} */ (waveOf.get(name));
    (waves[wave] ??= []).push({ pkg, script, stamp, build: reason !== '', reason });
  }
  return { waves };
}
