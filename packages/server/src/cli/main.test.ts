import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMANDS } from './main.js';
import { dataDir, type DataDir } from '../../test/cli-io.js';

let d: DataDir;
beforeEach(async () => {
  d = await dataDir();
});
afterEach(() => d.remove());

/** The lines of a command's help that show how to call it, before its first blank line. */
function usageOf(help: string): string {
  return help.split('\n\n')[0] as string;
}

// `start` takes no action nor operand: run bare, it starts the server
const TAKING_AN_OPERAND = COMMANDS.filter((command) => command.name !== 'start');

describe('a command run without its action or operand', () => {
  it('is every command but start', () => {
    expect(TAKING_AN_OPERAND.map((c) => c.name).sort()).toEqual(
      ['backup', 'import', 'keys', 'metrics', 'password', 'points', 'restore', 'streak', 'tenants', 'user'].sort(),
    );
  });

  it.each(TAKING_AN_OPERAND.map((c) => [c.name, c] as const))(
    '%s prints its usage, its actions and what they do, on stderr, and exits 2',
    async (name, command) => {
      const res = await d.cli([name]);
      expect(res.code).toBe(2);
      expect(res.out).toBe('');
      expect(res.err).toContain(usageOf(command.help));
      // an action is asked for as one ("say what to do"), not as a missing word
      expect(res.err).not.toContain('missing set');
    },
  );

  it.each(TAKING_AN_OPERAND.map((c) => [c.name] as const))(
    '%s says so as one JSON error with --json, and no help text',
    async (name) => {
      const res = await d.cli([name, '--json']);
      expect(res.code).toBe(2);
      expect(JSON.parse(res.err)).toMatchObject({ code: 'USAGE' });
    },
  );
});
