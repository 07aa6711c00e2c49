/**
 * `kindling streak show|set`: the account's streak rule. `set` changes the fields its flags name and
 * keeps the others (rule-flags.ts), checks the rule as PUT /streak does (accounts/streak-rule.ts: an
 * engine is built from it; the core's ConfigError says what is wrong), tells how many running streaks
 * the change would end or shorten (accounts/rule-impact.ts) and, when any, asks first (or wants --yes
 * off a terminal), then saves it and rebuilds every user here, in each namespace as the server does
 * (rebuildEverySpace), with a progress bar, keeping the rebuild's progress in the control plane.
 */
import { KindlingError } from '@kindling/core';
import type { Rebuild, RuleConfig } from '../control/types.js';
import { Engines } from '../engines/engines.js';
import { rebuildEverySpace, type SpaceRebuild } from '../jobs/rebuilds.js';
import { ruleImpact, type RuleImpact } from '../accounts/rule-impact.js';
import { ruleAsKept, saveStreakRule } from '../accounts/streak-rule.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, UsageError, positionals, type ParsedArgs } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import { canAsk, confirm } from './confirm.js';
import type { Output, CliIo } from './output.js';
import { Progress } from './progress.js';
import { RULE_FLAGS, RULE_HELP, isEmptyPatch, patchFromFlags, patchedRule } from './rule-flags.js';
import { exitCodeFor, stoppable } from './stop-signals.js';

const FLAGS = { ...BACKEND_FLAGS, ...RULE_FLAGS, yes: 'boolean' } as const;

const HELP = `usage:
  kindling streak show
  kindling streak set [flags]

show: the account's streak rule, every field of it, and the state of the last rebuild.
set: changes the fields of the rule its flags name, keeping the others (while the account has
     no rule, --frequency and --condition are needed), checked as PUT /admin/v1/streak checks a
     rule, and rebuilds every user's streak under it, the users of every tenant too. First it
     counts the running streaks the change would end or shorten; when there are any it asks
     (y/N) on a terminal, and off a terminal refuses (exit 2) unless --yes is given. Ctrl-C or
     SIGTERM stops the rebuild between two users (exit 130 or 143): the rule stays saved, and
     a server goes on with the rebuild.

${RULE_HELP.join('\n')}
  --yes                      make a change that ends or shortens streaks without asking
${BACKEND_HELP.join('\n')}
  --json                     print the result as JSON`;

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
  [/^remindBefore\b/, '--remind-before'],
  [/^personalization\.thresholds\b/, '--personal-thresholds'],
  [/^personalization\b/, '--personal-mode'],
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

function describePersonalization(p: RuleConfig['personalization']): string {
  if (p == null) return 'none (users may only turn the streak off)';
  const choices = [
    ...(p.mode ? ['their mode'] : []),
    ...(p.thresholds !== null ? [`thresholds from ${p.thresholds.min} to ${p.thresholds.max}`] : []),
  ];
  return `users may choose ${choices.join(', and ')}`;
}

/** Every field of the rule, one line each. */
function describeRule(rule: RuleConfig | null): string[] {
  if (rule === null) return ['no streak rule: set one with kindling streak set'];
  const f = rule.freezes;
  return [
    `frequency       ${rule.frequency}`,
    `conditions      ${rule.conditions.map((c) => `${c.metric} >= ${c.threshold}`).join(rule.mode === 'all' ? ' and ' : ' or ')} per period`,
    `mode            ${rule.mode} (${rule.mode === 'all' ? 'every condition' : 'any one condition'} met in a period)`,
    `week starts     ${rule.weekStart}`,
    `day starts at   ${rule.dayStartsAt}`,
    `default zone    ${rule.defaultTimeZone}`,
    `freezes         ${f === null ? 'none' : `${f.initial} at start, at most ${f.max}${f.earn !== null ? `, ${f.earn.amount} more every ${f.earn.every} days` : ''}`}`,
    `restore window  ${rule.restoreWindow} period(s)`,
    `remind before   ${rule.remindBefore ?? 'never'}`,
    `personalization ${describePersonalization(rule.personalization)}`,
  ];
}

/** "would end 1 streak and shorten 2 (of 40 users)" */
function describeImpact(impact: RuleImpact): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    ...(impact.ended > 0 || impact.shortened === 0 ? [`end ${plural(impact.ended, 'streak')}`] : []),
    ...(impact.shortened > 0 ? [`shorten ${impact.shortened}`] : []),
  ];
  if (impact.ended === 0 && impact.shortened > 0) parts[0] = `shorten ${plural(impact.shortened, 'streak')}`;
  return `would ${parts.join(' and ')} (of ${plural(impact.users, 'user')})`;
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

/** Whether a change with this impact takes a person's yes. */
function needsYes(impact: RuleImpact): boolean {
  return impact.ended + impact.shortened > 0;
}

async function set(args: ParsedArgs, io: CliIo, out: Output): Promise<number> {
  const patch = patchFromFlags(args);
  if (isEmptyPatch(patch))
    throw new UsageError('say what to change: give at least one flag of the rule (kindling streak set --help)');
  const stop = stoppable('stopping the rebuild after the user in hand', (text) => out.note(text));
  try {
    const result = await withAccount(args, io.env, async ({ backend, account }) => {
      const before = await backend.control.config(account.id);
      let rule: RuleConfig;
      try {
        rule = ruleAsKept(before, patchedRule(before.streak, patch));
      } catch (error) {
        throw refusalByFlag(error);
      }
      out.note('Counting the running streaks the new rule would end or shorten…');
      const impact = await ruleImpact(
        backend,
        account.id,
        before,
        { ...before, streak: rule },
        {
          at: Date.now(),
          signal: stop.signal,
        },
      );
      if (stop.signal.aborted) return null;
      out.note(`The new rule ${describeImpact(impact)}.`);
      if (needsYes(impact) && !args.booleans.has('yes')) {
        if (!canAsk(io))
          throw new UsageError(
            `the new rule ${describeImpact(impact)}; nothing changed. To make the change anyway, pass --yes`,
          );
        if (!(await confirm(io, 'Change the rule?', stop.signal))) return 'declined' as const;
      }
      const outcome = await saveStreakRule({ control: backend.control }, account.id, rule, before.version);
      if ('stale' in outcome)
        throw new CommandError(
          'the configuration changed while the streaks were counted (another change was saved); nothing changed, run the command again',
        );
      const saved = outcome.saved;
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
        impact,
        rebuild,
        tenants: others.map((run) => ({
          tenant: tenants.get(run.space.tenantId ?? '') ?? '',
          rebuild: ended(run, saved.version),
        })),
      };
    });
    if (result === 'declined' || result === null) {
      out.error(
        result === null ? 'stopped while counting the streaks; nothing changed' : 'not confirmed; nothing changed',
        result === null ? 'STOPPED' : 'DECLINED',
      );
      return stop.stoppedBy !== null ? exitCodeFor(stop.stoppedBy) : 1;
    }
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
