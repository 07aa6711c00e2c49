/**
 * The command line's flags: `--flag value`, `--flag=value`, booleans, repeated flags, positional
 * arguments, and `--` to end the flags. A flag the command does not know is a usage error naming it.
 */

import { nameProblem } from '../accounts/names.js';

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {}

/**
 * A command called without an action or operand it needs (`kindling keys`, `kindling user`): a
 * usage mistake after which the command's whole usage is printed, so that the actions it has and
 * what each does are there to read (main.ts), the same for every command.
 */
export class MissingOperandError extends UsageError {}

/** A command that could not do its work (bad value, missing account, store failure): exit code 1. */
export class CommandError extends Error {}

export type FlagKind = 'string' | 'boolean' | 'list';

export interface FlagSpec {
  readonly [name: string]: FlagKind;
}

export interface ParsedArgs {
  strings: Record<string, string>;
  booleans: Set<string>;
  lists: Record<string, string[]>;
  positionals: string[];
}

/** Flags every command takes. */
export const GLOBAL_FLAGS = { help: 'boolean', json: 'boolean' } as const satisfies FlagSpec;

export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  // Flag names come from the command line: records without a prototype, so `--constructor` is unknown, not Object.
  const kinds: FlagSpec = Object.assign(Object.create(null) as FlagSpec, GLOBAL_FLAGS, spec);
  const parsed: ParsedArgs = {
    strings: Object.create(null) as Record<string, string>,
    booleans: new Set(),
    lists: Object.create(null) as Record<string, string[]>,
    positionals: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      if (arg.startsWith('-') && arg.length > 1 && arg !== '-')
        throw new UsageError(`unknown flag ${arg} (flags are spelled --name)`);
      parsed.positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const name = arg.slice(2, equals === -1 ? undefined : equals);
    const kind = kinds[name];
    if (kind === undefined) throw new UsageError(`unknown flag --${name}`);
    if (kind === 'boolean') {
      if (equals !== -1) throw new UsageError(`--${name} takes no value`);
      parsed.booleans.add(name);
      continue;
    }
    let value: string;
    if (equals !== -1) value = arg.slice(equals + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      value = next;
      i++;
    }
    if (kind === 'list') (parsed.lists[name] ??= []).push(value);
    else if (parsed.strings[name] !== undefined) throw new UsageError(`--${name} is given twice`);
    else parsed.strings[name] = value;
  }
  return parsed;
}

/** A name flag that must be given, held to the rule of names (accounts/names.ts). */
export function requiredName(args: ParsedArgs, name: string): string {
  const value = required(args, name);
  const problem = nameProblem(value);
  if (problem !== null) throw new UsageError(`--${name} ${problem}`);
  return value;
}

/** The value of a string flag that must be given. */
export function required(args: ParsedArgs, name: string): string {
  const value = args.strings[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A whole number flag within [min, max], or the fallback when absent. */
export function wholeFlag(args: ParsedArgs, name: string, min: number, max: number, fallback: number): number {
  const text = args.strings[name];
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/** One of the allowed words, or the fallback when absent. */
export function choiceFlag<T extends string>(args: ParsedArgs, name: string, choices: readonly T[], fallback: T): T {
  const text = args.strings[name];
  if (text === undefined) return fallback;
  if (!(choices as readonly string[]).includes(text))
    throw new UsageError(`--${name} must be ${choices.join(', ')}; got ${JSON.stringify(text)}`);
  return text as T;
}

/** Exactly `count` positional arguments, named for the message. */
export function positionals(args: ParsedArgs, names: readonly string[]): string[] {
  if (args.positionals.length < names.length)
    throw new MissingOperandError(`missing ${names.slice(args.positionals.length).join(' ')}`);
  if (args.positionals.length > names.length)
    throw new UsageError(`unexpected argument ${JSON.stringify(args.positionals[names.length])}`);
  return args.positionals;
}
