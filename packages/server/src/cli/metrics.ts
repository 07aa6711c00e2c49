/**
 * `kindling metrics create|list`: the account's metrics, created by the same rule as the admin API
 * (`accounts/metrics.ts`), its refusal worded for the command line.
 */
import { createMetrics } from '../accounts/metrics.js';
import { Activity } from '../engines/activity.js';
import { keyFor } from '@kindling/core';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, UsageError, positionals, requiredName } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import { table } from './output.js';

const FLAGS = { ...BACKEND_FLAGS, name: 'string', key: 'string' } as const;

const HELP = `usage:
  kindling metrics create --name NAME [--key KEY]   create a metric
  kindling metrics list                             list the metrics with their totals

  --name NAME       what people see ("Lessons")
  --key KEY         what events name (letters, digits, - and _); derived from the name when absent
${BACKEND_HELP.join('\n')}
  --json            print the result as JSON`;

export const metricsCommand: Command = {
  name: 'metrics',
  summary: 'create and list metrics',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const { action, rest: sub } = takeAction(args, ['create', 'list'], ['metrics create', 'metrics list']);
    if (action === 'create') {
      positionals(sub, []);
      const name = requiredName(args, 'name');
      const key = keyFor({ name, ...(args.strings.key !== undefined ? { key: args.strings.key } : {}) });
      if ('problem' in key)
        throw new UsageError(`${args.strings.key !== undefined ? '--key' : '--name'}: ${key.problem}`);
      const metric = await withAccount(args, io.env, async ({ backend, account }) => {
        const { applied, issues } = await createMetrics({ control: backend.control, clock: Date.now }, account.id, [
          { name, key: key.key },
        ]);
        const made = applied[0];
        if (made !== undefined) return made;
        const taken = (await backend.control.config(account.id)).metrics.find((m) => m.key === key.key);
        if (taken !== undefined)
          throw new CommandError(
            `a metric already has the key ${JSON.stringify(key.key)} (${taken.name}, ${taken.status}); give another with --key`,
          );
        throw new CommandError(issues[0]?.message ?? 'the metric was not created');
      });
      out.result(
        metric,
        (m) =>
          `Created the metric "${m.name}" with the key ${m.key} (id ${m.id}). Record events at POST /api/metrics/${m.key}/event.`,
      );
      return 0;
    }
    // list
    positionals(sub, []);
    const metrics = await withAccount(args, io.env, async ({ backend, account }) => {
      const config = await backend.control.config(account.id);
      const activity = await new Activity(backend).metrics(account.id);
      return config.metrics.map((m) => {
        const counted = activity.get(m.key);
        return {
          ...m,
          total: counted?.total ?? 0,
          events: counted?.events ?? 0,
          lastEventAt: counted?.lastEventAt ?? null,
        };
      });
    });
    out.result(metrics, (list) =>
      list.length === 0
        ? 'no metrics: create one with kindling metrics create --name NAME'
        : table(
            ['KEY', 'NAME', 'STATUS', 'TOTAL', 'EVENTS', 'LAST EVENT', 'ID'],
            list.map((m) => [m.key, m.name, m.status, String(m.total), String(m.events), m.lastEventAt ?? '-', m.id]),
          ),
    );
    return 0;
  },
};
