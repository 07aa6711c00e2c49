import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Engines } from '../engines/engines.js';
import { tenantSpace } from '../backend/spaces.js';
import { runCli } from './main.js';
import { dataDir, fakeIo, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
  const backend = d.open();
  const engines = new Engines(backend, 0);
  const { engine } = await engines.runtimeFor(d.first.account.id);
  for (const userId of ['ada', 'bob']) await engine.record({ userId, metric: 'lessons', value: 1 });
  await backend.control.changeTenants(d.first.account.id, () => [
    { id: 't-1', customerId: 'acme', name: 'Acme', status: 'active', created: '', updated: '' },
  ]);
  const tenant = await engines.runtimeFor(tenantSpace(d.first.account.id, 't-1'));
  await tenant.engine.record({ userId: 'ada', metric: 'lessons', value: 1 });
  await backend.close();
});
afterEach(() => d.remove());

/** `kindling ...argv` with `typed` at a terminal. */
async function atTerminal(argv: string[], typed: string) {
  const io = fakeIo(d.env);
  const code = await runCli(argv, { ...io, stdin: Object.assign(Readable.from([typed]), { isTTY: true }) });
  return { code, out: io.out(), err: io.err() };
}

async function users(tenant?: string): Promise<string[]> {
  const backend = d.open();
  try {
    const engines = new Engines(backend, 0);
    const space = tenant === undefined ? d.first.account.id : tenantSpace(d.first.account.id, tenant);
    return (await (await engines.runtimeFor(space)).engine.listUsers()).users.map((u) => u.id);
  } finally {
    await backend.close();
  }
}

describe('kindling user delete', () => {
  it('refuses off a terminal without --yes, naming the flag, and erases nothing', async () => {
    const run = await d.cli(['user', 'delete', 'ada']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('--yes');
    expect(await users()).toEqual(['ada', 'bob']);
  });

  it('asks at a terminal, and erases only when told yes', async () => {
    const no = await atTerminal(['user', 'delete', 'ada'], 'n\n');
    expect(no.err).toContain('Erase the user "ada"');
    expect(no.code).toBe(1);
    expect(await users()).toEqual(['ada', 'bob']);
    const yes = await atTerminal(['user', 'delete', 'ada'], 'yes\n');
    expect(yes.code).toBe(0);
    expect(yes.out).toContain('Erased the user "ada"');
    expect(await users()).toEqual(['bob']);
    expect(await users('t-1')).toEqual(['ada']);
  });

  it("erases a tenant's user with --tenant and --yes, and fails with exit 1 for an unknown user or tenant", async () => {
    const run = await d.cli(['user', 'delete', 'ada', '--tenant', 'acme', '--yes', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toEqual({ userId: 'ada', tenant: 'acme', erased: true, deliveries: 0 });
    expect(await users('t-1')).toEqual([]);
    expect(await users()).toEqual(['ada', 'bob']);
    expect(await d.cli(['user', 'delete', 'ada', '--tenant', 'acme', '--yes'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('no user has the id "ada" of tenant "acme"'),
    });
    expect(await d.cli(['user', 'delete', 'ada', '--tenant', 'ghost', '--yes'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('"ghost"'),
    });
  });

  it('still shows a user whose id is "delete"', async () => {
    expect(await d.cli(['user', 'delete'])).toMatchObject({ code: 1, err: expect.stringContaining('"delete"') });
  });
});
