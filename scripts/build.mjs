// @ts-check
/**
 * Builds the workspace's packages, each only when what its build reads has changed since its last
 * build. `pnpm build` runs it for every package with type declarations; `pnpm start` for the server
 * and what it builds from, without declarations (the service runs the JavaScript only).
 *
 *   node scripts/build.mjs [--no-declarations] [@kindling/<name> ...]
 *
 * With names, those packages and every workspace package they declare (dependencies and
 * devDependencies, all the way down); without, every package under packages/. Each package's build
 * is its `build` script, or with --no-declarations its `build:js` script when it has one (a package
 * without one, the dashboard, has nothing to leave out), run as `pnpm run` runs it. Packages are built in waves: a package
 * after the workspace packages it declares.
 *
 * A build leaves a stamp (`build-stamp.mjs` says what it holds and where): the digest of the
 * package's build inputs and of the digests of the packages it declares, whether the build was the
 * full one, and a fingerprint of its outputs. A package is built again when its stamp is missing
 * (never built, or a build that did not finish: the stamp is removed before a build and written
 * after it), when the digest differs (a source, its configuration, the lockfile or a declared
 * package changed), when its outputs changed since (cleaned, or built by hand), or when the full
 * build is asked for and the last one left the declarations out.
 */
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlan, readWorkspace, removeStamp, writeStamp } from './build-stamp.mjs';

/** @param {string[]} argv */
function parseArguments(argv) {
  const declarations = !argv.includes('--no-declarations');
  const unknown = argv.filter((arg) => arg.startsWith('-') && arg !== '--no-declarations');
  if (unknown.length > 0) throw new Error(`build: unknown option ${unknown.join(', ')}`);
  return { declarations, names: argv.filter((arg) => !arg.startsWith('-')) };
}

/**
 * A package's script run as `pnpm run` would, without starting pnpm for it (a pnpm start costs
 * about a second of CPU, more than checking the whole workspace): `sh -c` in the package's folder,
 * with its own and the root's node_modules/.bin first on the PATH. Its output is passed through
 * with the package's name in front.
 * @param {import('./build-stamp.mjs').Pkg} pkg @param {string} script @param {string} root
 * @returns {Promise<void>}
 */
function runScript(pkg, script, root) {
  const command = pkg.manifest.scripts?.[script];
  if (typeof command !== 'string') return Promise.reject(new Error(`build: ${pkg.name} has no ${script} script`));
  const bins = [join(pkg.folder, 'node_modules', '.bin'), join(root, 'node_modules', '.bin')];
  const env = { ...process.env, PATH: [...bins, process.env.PATH ?? ''].join(delimiter) };
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd: pkg.folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = (/** @type {NodeJS.WritableStream} */ stream) => (/** @type {Buffer} */ chunk) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line !== '') stream.write(`${pkg.name}: ${line}\n`);
    };
    child.stdout.on('data', prefix(process.stdout));
    child.stderr.on('data', prefix(process.stderr));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`build: ${pkg.name}'s ${script} failed (exit ${code})`));
    });
  });
}

async function main() {
  const { declarations, names } = parseArguments(process.argv.slice(2));
  const root = process.cwd();
  const started = Date.now();
  const workspace = readWorkspace(root);
  const plan = buildPlan(workspace, { names, declarations });
  for (const wave of plan.waves) {
    // The packages of one wave declare none of each other: they build side by side, and every
    // one of them finishes (or fails) before the next wave starts.
    const outcomes = await Promise.allSettled(
      wave.map(async (step) => {
        if (!step.build) return;
        const started = Date.now();
        removeStamp(step.pkg);
        await runScript(step.pkg, step.script, root);
        writeStamp(step.pkg, step.stamp);
        console.log(`build: ${step.pkg.name} built (${step.script}, ${Date.now() - started} ms): ${step.reason}`);
      }),
    );
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
  const built = plan.waves.flat().filter((step) => step.build).length;
  const kept = plan.waves.flat().length - built;
  console.log(`build: ${built} built, ${kept} up to date, in ${Date.now() - started} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
