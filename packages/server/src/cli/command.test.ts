import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from './args.js';
import { takeAction } from './command.js';

const parse = (argv: string[]) => parseArgs(argv, { name: 'string' });

describe('takeAction', () => {
  it('takes the first positional as the action and hands on the rest with the flags', () => {
    const { action, rest } = takeAction(
      parse(['revoke', 'k1', '--name', 'x']),
      ['create', 'revoke'],
      ['keys create', 'keys revoke ID'],
    );
    expect(action).toBe('revoke');
    expect(rest.positionals).toEqual(['k1']);
    expect(rest.strings.name).toBe('x');
  });

  it('lists the actions as the help shows them when none is given', () => {
    expect(() =>
      takeAction(parse([]), ['create', 'list', 'revoke'], ['keys create', 'keys list', 'keys revoke ID']),
    ).toThrow(new UsageError('say what to do: keys create, keys list or keys revoke ID'));
  });

  it('names an unknown action and the ones there are', () => {
    expect(() => takeAction(parse(['delete']), ['show', 'set'], ['streak show', 'streak set'])).toThrow(
      new UsageError('unknown action "delete": use show or set'),
    );
  });
});
