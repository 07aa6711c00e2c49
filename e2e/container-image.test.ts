/**
 * The Dockerfile, checked without Docker (no daemon runs on the machines of this project, and no
 * base image can be pulled): dockerfile-utils' validator finds nothing in it; it builds in a stage of
 * its own and runs as a user that is not root, its data folder a volume, the port it listens on
 * exposed, a health check on /readyz, no secret in it. Then its runtime stage as written: the build
 * stage's `pnpm deploy` line run here into a folder of the test's, the image's ENTRYPOINT and CMD
 * started from it with the stage's ENV (the data folder and port the test's), and its HEALTHCHECK
 * command failing before the server is up and passing once it is. Needs the build (CI builds
 * before testing); that part is skipped, loudly, without it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DockerfileParser, type Env, type Instruction } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, runToEnd, startChild, waitFor } from './deploy-support.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const text = readFileSync(join(root, 'Dockerfile'), 'utf8');
const built = existsSync(join(root, 'packages/server/dist/cli/main.js'));
if (!built)
  console.warn(
    '\n*** e2e/container-image.test.ts: the runtime stage test SKIPPED: packages/server/dist is missing; run `pnpm build` first ***\n',
  );

interface Stage {
  readonly name: string | undefined;
  readonly instructions: Instruction[];
}

function stagesOf(source: string): Stage[] {
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(source).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === 'FROM') {
      const name = /\sAS\s+(\S+)$/i.exec(instruction.getArgumentsContent() ?? '')?.[1];
      stages.push({ name, instructions: [] });
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return stages;
}

function all(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.getKeyword() === keyword);
}

function envOf(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const instruction of all(stage, 'ENV'))
    for (const property of (instruction as Env).getProperties()) env[property.getName()] = property.getValue() ?? '';
  return env;
}

/** The exec form (a JSON array) of an instruction's arguments, after `skip` (HEALTHCHECK's `CMD`). */
function execForm(instruction: Instruction | undefined, skip = ''): string[] {
  const content = (instruction?.getArgumentsContent() ?? '').trim();
  const form = JSON.parse(content.slice(skip.length).trim()) as unknown;
  if (!Array.isArray(form) || !form.every((part) => typeof part === 'string'))
    throw new Error(`not an exec form: ${content}`);
  return form;
}

const stages = stagesOf(text);
const runtime = stages.at(-1) as Stage;
const runtimeEnv = envOf(runtime);

describe('the Dockerfile', () => {
  it('has nothing that the Dockerfile validator finds wrong, not even a warning', () => {
    expect(validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in a stage of its own and runs from another, without the build tools', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime.name).toBe('runtime');
    const installs = all(runtime, 'RUN').map((run) => run.getArgumentsContent() ?? '');
    expect(installs.filter((run) => /apt-get|npm install|pnpm install|g\+\+/.test(run))).toEqual([]);
    const copies = all(runtime, 'COPY').map((copy) => copy.getTextContent());
    expect(copies.length).toBeGreaterThan(0);
    // Only what a build stage made: never the build context (sources, data folders, keys).
    for (const copy of copies) expect(copy).toMatch(/--from=/);
  });

  it('runs as a user that is not root', () => {
    const user = all(runtime, 'USER').at(-1)?.getArgumentsContent()?.trim();
    expect(user).toBeDefined();
    expect(['root', '0', '0:0', 'root:root']).not.toContain(user);
  });

  it('keeps the data folder in a volume, owned by that user, and exposes the port the server listens on', () => {
    const dataDir = runtimeEnv.KINDLING_DATA_DIR;
    expect(dataDir).toMatch(/^\//);
    const volumes = all(runtime, 'VOLUME').flatMap((volume) => execForm(volume));
    expect(volumes).toContain(dataDir);
    const user = all(runtime, 'USER').at(-1)?.getArgumentsContent()?.trim();
    expect(
      all(runtime, 'RUN').some((run) => (run.getArgumentsContent() ?? '').includes(`chown ${user}:${user} ${dataDir}`)),
    ).toBe(true);
    const exposed = all(runtime, 'EXPOSE').flatMap((expose) => (expose.getArgumentsContent() ?? '').split(/\s+/));
    expect(exposed).toContain(runtimeEnv.PORT);
    expect(runtimeEnv.HOST).toBe('0.0.0.0');
  });

  it('checks its health on /readyz, on the port of its environment', () => {
    const checks = all(runtime, 'HEALTHCHECK');
    expect(checks).toHaveLength(1);
    const command = execForm(checks[0], 'CMD').join(' ');
    expect(command).toContain('/readyz');
    expect(command).toContain('process.env.PORT');
  });

  it('holds no secret: no key, password or token in an ENV or ARG, and no Kindling key anywhere', () => {
    const names = stages.flatMap((stage) => [
      ...Object.keys(envOf(stage)),
      ...all(stage, 'ARG').map((arg) => (arg.getArgumentsContent() ?? '').split('=')[0] as string),
    ]);
    expect(names.filter((name) => /KEY|SECRET|PASSWORD|TOKEN|CREDENTIAL/i.test(name))).toEqual([]);
    expect(text).not.toMatch(/kl_(admin|app)_/);
  });

  it('leaves installed and built files, data folders and the history out of the build context', () => {
    const ignored = readFileSync(join(root, '.dockerignore'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'));
    for (const pattern of ['**/node_modules', '**/dist', '**/data', '.git']) expect(ignored).toContain(pattern);
  });
});

describe.skipIf(!built)('the runtime stage, run as written', () => {
  const work = mkdtempSync(join(tmpdir(), 'kindling-image-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('starts from what the build stage deploys, its health check failing before it is up and passing once it is', async () => {
    const build = stages[0] as Stage;
    const deploy = all(build, 'RUN')
      .map((run) => run.getArgumentsContent() ?? '')
      .find((run) => / deploy /.test(run));
    expect(deploy).toBeDefined();
    const target = (deploy as string).trim().split(/\s+/).at(-1) as string;
    // What the runtime stage copies is what the deploy line made.
    expect(all(runtime, 'COPY').map((copy) => copy.getArgumentsContent()?.trim())).toContain(`${target} ${target}`);
    const app = join(work, 'app');
    const deployed = await runToEnd(
      ['sh', '-c', `${(deploy as string).slice(0, -target.length)}${app}`],
      {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? work,
        CI: 'true',
      },
      root,
    );
    expect(deployed.code, deployed.output).toBe(0);

    const port = String(await freePort());
    const data = join(work, 'data');
    const env = { ...runtimeEnv, PATH: process.env.PATH ?? '', PORT: port, KINDLING_DATA_DIR: data };
    const inApp = (part: string) => (part.startsWith(`${target}/`) ? join(app, part.slice(target.length)) : part);
    const entrypoint = execForm(all(runtime, 'ENTRYPOINT').at(-1)).map(inApp);
    const cmd = execForm(all(runtime, 'CMD').at(-1));
    const healthCheck = execForm(all(runtime, 'HEALTHCHECK')[0], 'CMD');

    expect((await runToEnd(healthCheck, env)).code).toBe(1);
    const server = startChild([...entrypoint, ...cmd], env, work);
    try {
      await waitFor('the health check passing', async () => (await runToEnd(healthCheck, env)).code === 0);
      // The dashboard came with the deployed package.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"');
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
    expect(existsSync(join(data, 'control.db'))).toBe(true);
    expect(existsSync(join(data, 'kindling.db'))).toBe(true);
  }, 120_000);
});
