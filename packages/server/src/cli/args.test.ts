import { describe, expect, it } from 'vitest';
import { UsageError, parseArgs, wholeFlag } from './args.js';

const SPEC = { name: 'string', condition: 'list', dry: 'boolean' } as const;

describe('parseArgs', () => {
  it('reads --flag value, --flag=value, booleans, repeated flags and positionals', () => {
    const args = parseArgs(
      ['create', '--name', 'Lessons', '--condition=a:1', '--condition', 'b:2', '--dry', 'extra'],
      SPEC,
    );
    expect(args.strings).toEqual({ name: 'Lessons' });
    expect(args.lists).toEqual({ condition: ['a:1', 'b:2'] });
    expect([...args.booleans]).toEqual(['dry']);
    expect(args.positionals).toEqual(['create', 'extra']);
  });

  it('knows --help and --json on every command', () => {
    expect([...parseArgs(['--help', '--json'], {}).booleans]).toEqual(['help', 'json']);
  });

  it('treats everything after -- as positional', () => {
    expect(parseArgs(['--', '--name', 'x'], SPEC).positionals).toEqual(['--name', 'x']);
  });

  it('refuses an unknown flag by its name', () => {
    expect(() => parseArgs(['--nmae', 'x'], SPEC)).toThrow(new UsageError('unknown flag --nmae'));
    expect(() => parseArgs(['-n'], SPEC)).toThrow(/unknown flag -n/);
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => parseArgs([`--${name}`, 'x'], SPEC)).toThrow(new UsageError(`unknown flag --${name}`));
    }
  });

  it('refuses a flag without its value, a value on a boolean, and a string flag given twice', () => {
    expect(() => parseArgs(['--name'], SPEC)).toThrow('--name needs a value');
    expect(() => parseArgs(['--name', '--dry'], SPEC)).toThrow('--name needs a value');
    expect(() => parseArgs(['--dry=yes'], SPEC)).toThrow('--dry takes no value');
    expect(() => parseArgs(['--name', 'a', '--name', 'b'], SPEC)).toThrow('--name is given twice');
  });

  it('checks whole numbers and names the flag', () => {
    const args = parseArgs(['--name', '12'], SPEC);
    expect(wholeFlag(args, 'name', 0, 20, 1)).toBe(12);
    expect(wholeFlag(args, 'absent', 0, 20, 1)).toBe(1);
    expect(() => wholeFlag(parseArgs(['--name', '1.5'], SPEC), 'name', 0, 20, 1)).toThrow(
      '--name must be a whole number from 0 to 20, got "1.5"',
    );
  });
});
