/**
 * `kindling streak show|set`: the account's streak rule. `set` checks the rule as PUT /streak does
 * (an engine is built from it; the core's ConfigError says what is wrong), saves it, and rebuilds
 * every user here, in each namespace as the server does (rebuildEverySpace), with a progress bar,
 * keeping the rebuild's progress in the control plane.
 */
import { KindlingError } from '@kindling/core';
import { WEEKDAYS, type Weekday } from '@kindling/core';
import type { Rebuild, RuleConfig } from '../control/types.js';
import { Engines } from '../runtime/engines.js';
import { rebuildEverySpace, type SpaceRebuild } from '../runtime/rebuilds.js';
import { isDecimalText } from '../http/decimal-text.js';
import { ruleAsKept } from '../runtime/streak-rule.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { UsageError, choiceFlag, positionals, required, wholeFlag, type ParsedArgs } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import type { Output, CliIo } from './output.js';
import { Progress } from './progress.js';
import { exitCodeFor, stoppable } from './stop-signals.js';

const FLAGS = {
  ...BACKEND_FLAGS,
  frequency: 'string',
  'week-start': 'string',
  'day-start': 'string',
  tz: 'string',
  mode: 'string',
  condition: 'list',
  freezes: 'string',
  'restore-window': 'string',
} as const;

const HELP = `usage:
  kindling streak show
  kindling streak set --frequency daily|weekly|monthly --condition METRIC:THRESHOLD [flags]

show: the account's streak rule and the state of the last rebuild.
set: replaces the rule (as PUT /admin/v1/streak does) and rebuilds every user's streak under it,
     the users of every tenant too. Ctrl-C or SIGTERM stops the rebuild between two users (exit
     130 or 143): the rule stays saved, and a server goes on with the rebuild.

  --frequency F            daily, weekly or monthly
  --condition M:N          a metric key and the amount per period; repeat for more (lessons:1)
  --mode all|any           all conditions per period, or any one (default all)
  --week-start DAY         first day of a week, monday..sunday (default monday)
  --day-start HH:MM        local time at which a day begins (default 00:00)
  --tz ZONE                IANA zone of users who sent none (default UTC)
  --freezes I,M[,E,A]      freezes: I at start, at most M, and A more earned every E days
                           (initial,max[,every,amount]); "none" (the default) for none
  --restore-window N       periods after a loss in which a restore is allowed (default 1)
${BACKEND_HELP.join('\n')}
  --json                   print the result as JSON`;

function condition(text: string): { metric: string; threshold: number } {
  const match = /^([^:]+):(.+)$/.exec(text);
  const threshold = Number(match?.[2]);
  if (match === null || !isDecimalText(match[2] as string, 'number') || !Number.isFinite(threshold))
    throw new UsageError(`--condition must be METRIC:THRESHOLD like lessons:1, got ${JSON.stringify(text)}`);
  return { metric: match[1] as string, threshold };
}

function freezes(text: string | undefined): RuleConfig['freezes'] {
  if (text === undefined || text === 'none') return null;
  const parts = text.split(',').map((p) => p.trim());
  if ((parts.length !== 2 && parts.length !== 4) || parts.some((p) => !/^\d+$/.test(p))) {
    throw new UsageError(
      `--freezes must be initial,max or initial,max,every,amount (whole numbers), or none; got ${JSON.stringify(text)}`,
    );
  }
  const [initial, max, every, amount] = parts.map(Number) as [number, number, number?, number?];
  return { initial, max, earn: every !== undefined && amount !== undefined ? { every, amount } : null };
}

/** The flag that gives each field of the rule, as the engine names the field in a refusal. */
const FLAG_OF_FIELD: ReadonlyArray<[RegExp, string]> = [
  [/^dayStartsAt\b/, '--day-start'],
  [/^defaultTimeZone\b|^unknown time zone\b/, '--tz'],
  [/^conditions\b|^a condition\b/, '--condition'],
  [/^freezes\b/, '--freezes'],
  [/^restoreWindow\b/, '--restore-window'],
  [/^weekStart\b/, '--week-start'],
  [/^frequency\b/, '--frequency'],
  [/^mode\b/, '--mode'],
];

/**
 * The engine's refusal of the rule the flags made, as a usage mistake (exit 2) told by the flag:
 * "streaks[0] ("default").dayStartsAt must be ..." is "--day-start: dayStartsAt must be ...".
 * Anything else (a store's failure) is given back as it is.
 */
function refusalByFlag(error: unknown): unknown {
  if (
    !(error instanceof KindlingError) ||
    !['INVALID_CONFIG', 'INVALID_INPUT', 'INVALID_TIME_ZONE'].includes(error.code)
  )
    return error;
  const message = error.message.replace(/^streaks\[\d+\] \("[^"]*"\)(?:\.|:\s*)?/, '');
  const flag = FLAG_OF_FIELD.find(([field]) => field.test(message))?.[1];
  return new UsageError(flag === undefined ? message : `${flag}: ${message}`);
}

/** The rule the flags describe, with PUT /streak's defaults. */
export function ruleFromFlags(args: ParsedArgs): RuleConfig {
  const conditions = (args.lists.condition ?? []).map(condition);
  if (conditions.length === 0) throw new UsageError('--condition is required (for example --condition lessons:1)');
  return {
    frequency: choiceFlag(args, 'frequency', ['daily', 'weekly', 'monthly'], required(args, 'frequency') as 'daily'),
    weekStart: choiceFlag<Weekday>(args, 'week-start', WEEKDAYS, 'monday'),
    dayStartsAt: args.strings['day-start'] ?? '00:00',
    defaultTimeZone: args.strings.tz ?? 'UTC',
    mode: choiceFlag(args, 'mode', ['all', 'any'], 'all'),
    conditions,
    freezes: freezes(args.strings.freezes),
    restoreWindow: wholeFlag(args, 'restore-window', 0, 10_000, 1),
  };
}

function describeRule(rule: RuleConfig | null): string[] {
  if (rule === null) return ['no streak rule: set one with kindling streak set'];
  const f = rule.freezes;
  return [
    `frequency       ${rule.frequency}${rule.frequency === 'weekly' ? ` (weeks start ${rule.weekStart})` : ''}`,
    `conditions      ${rule.conditions.map((c) => `${c.metric} >= ${c.threshold}`).join(rule.mode === 'all' ? ' and ' : ' or ')} per period`,
    `day starts at   ${rule.dayStartsAt} (default zone ${rule.defaultTimeZone})`,
    `freezes         ${f === null ? 'none' : `${f.initial} at start, at most ${f.max}${f.earn !== null ? `, ${f.earn.amount} more every ${f.earn.every} days` : ''}`}`,
    `restore window  ${rule.restoreWindow} period(s)`,
  ];
}

function describeRebuild(r: Rebuild): string {
  if (r.status === 'idle') return 'rebuild         none yet';
  const when = r.finishedAt ?? r.startedAt ?? '';
  return `rebuild         ${r.status}: ${r.done}/${r.total} users (configuration version ${r.version}) ${when}${r.error !== null ? ` — ${r.error}` : ''}`;
}

/** A tenant's namespace and its rebuild, as `set` prints them. */
interface TenantRebuild {
  tenant: string;
  rebuild: Rebuild;
}

function describeTenants(tenants: readonly TenantRebuild[]): string[] {
  return tenants.map(
    ({ tenant, rebuild }) => `  tenant ${tenant}: ${describeRebuild(rebuild).replace(/^rebuild +/, '')}`,
  );
}

/** The rebuild of one namespace as the control plane holds it after the run, or the error that stopped the run. */
function ended(run: SpaceRebuild, version: number): Rebuild {
  if (run.rebuild !== null) return run.rebuild;
  const message = run.error instanceof Error ? run.error.message : String(run.error);
  return { status: 'failed', done: 0, total: 0, startedAt: null, finishedAt: null, error: message, version };
}

async function set(args: ParsedArgs, io: CliIo, out: Output): Promise<number> {
  let rule = ruleFromFlags(args);
  const stop = stoppable('stopping the rebuild after the user in hand', (text) => out.note(text));
  try {
    const result = await withAccount(args, io.env, async ({ backend, account }) => {
      const saved = await backend.control.changeConfig(account.id, (config) => {
        try {
          rule = ruleAsKept(config, rule);
        } catch (error) {
          throw refusalByFlag(error);
        }
        return { ...config, streak: rule };
      });
      out.note(`Saved the rule (configuration version ${saved.version}); rebuilding every user…`);
      const tenants = new Map((await backend.control.tenants(account.id)).map((t) => [t.id, t.customerId]));
      let bar: Progress | null = null;
      const runs = await rebuildEverySpace(backend.control, new Engines(backend, 0), account.id, {
        signal: stop.signal,
        onSpace: (space) => {
          bar?.finish();
          bar = null;
          if (space.tenantId !== null) out.note(`Tenant ${tenants.get(space.tenantId) ?? space.tenantId}:`);
        },
        onProgress: (done, total) => {
          if (out.json) return;
          bar ??= new Progress(io.stderr, total, { unit: 'items', rateLabel: 'users/s' });
          bar.update(done, done);
        },
      });
      (bar as Progress | null)?.finish();
      const [own, ...others] = runs;
      // stopped before it began (a signal during the save): the record is what it was
      const rebuild = own === undefined ? await backend.control.rebuild(account.id) : ended(own, saved.version);
      return {
        rule,
        rebuild,
        tenants: others.map((run) => ({
          tenant: tenants.get(run.space.tenantId ?? '') ?? '',
          rebuild: ended(run, saved.version),
        })),
      };
    });
    out.result(result, (r) => [...describeRule(r.rule), describeRebuild(r.rebuild), ...describeTenants(r.tenants)]);
    if (stop.stoppedBy !== null) {
      out.note(
        'The rule is saved; the rebuild stopped between two users. A running server goes on with it within 10 s, and `kindling start` at once.',
      );
      return exitCodeFor(stop.stoppedBy);
    }
    return [result.rebuild, ...result.tenants.map((t) => t.rebuild)].some((r) => r.status === 'failed') ? 1 : 0;
  } finally {
    stop.off();
  }
}

export const streakCommand: Command = {
  name: 'streak',
  summary: 'show or set the streak rule (set rebuilds every user)',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const { action, rest: sub } = takeAction(args, ['show', 'set'], ['streak show', 'streak set']);
    if (action === 'show') {
      positionals(sub, []);
      const shown = await withAccount(args, io.env, async ({ backend, account }) => ({
        rule: (await backend.control.config(account.id)).streak,
        rebuild: await backend.control.rebuild(account.id),
      }));
      out.result(shown, (s) => [...describeRule(s.rule), describeRebuild(s.rebuild)]);
      return 0;
    }
    // set
    positionals(sub, []);
    return set(args, io, out);
  },
};
