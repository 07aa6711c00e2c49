/**
 * `kindling points list|show`: the account's points systems as the admin API keeps them
 * (accounts/points-*.ts), read from its configuration: every system with the counts of its parts,
 * or one system by its key with its triggers (those not deleted), levels and boosts. With --json,
 * the admin API's shapes (wire/points-wire.ts). A user's points wait for the engine to award them.
 */
import { systemsOf } from '../accounts/points-checks.js';
import { shownTriggers } from '../accounts/points-triggers.js';
import type { AccountConfig, PointsSystemDef } from '../control/types.js';
import { createdPointsSystemWire, pointsSystemWire } from '../wire/points-wire.js';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, positionals } from './args.js';
import { beginCommand, takeAction, type Command } from './command.js';
import { table } from './output.js';

const HELP = `usage:
  kindling points list         list the points systems with the counts of their parts
  kindling points show KEY     show one points system: its triggers, levels and boosts

Points systems are made and changed through the admin API (/admin/v1/points); archived ones are
listed too, with their status.

${BACKEND_HELP.join('\n')}
  --json            print the result as JSON`;

type SystemWithParts = ReturnType<typeof createdPointsSystemWire>;
type TriggerShown = NonNullable<SystemWithParts['triggers']>[number];
type BoostShown = NonNullable<SystemWithParts['boosts']>[number];

/** The system as the admin API's create answers one naming all its parts: its triggers, levels and boosts. */
function shapeWithParts(system: PointsSystemDef, now: number): SystemWithParts {
  return createdPointsSystemWire(
    { system: { ...system, triggers: shownTriggers(system) }, named: { levels: true, boosts: true, triggers: true } },
    now,
  );
}

/** The keys of what a system's parts name by id (metrics, achievements, attributes): the id itself when gone. */
interface KeysById {
  metric(id: string): string;
  achievement(id: string): string;
  attribute(id: string): string;
}

function indexKeys(config: AccountConfig): KeysById {
  const byId = (items: ReadonlyArray<{ id: string; key: string }>) => {
    const keys = new Map(items.map((item) => [item.id, item.key]));
    return (id: string) => keys.get(id) ?? id;
  };
  return {
    metric: byId(config.metrics),
    achievement: byId(config.achievements),
    attribute: byId(config.attributes ?? []),
  };
}

/** "plan=pro, country=fr" */
function describeFilters(
  filters: ReadonlyArray<{ attributeId: string; attributeValue: string }>,
  keys: KeysById,
): string {
  return filters.map((f) => `${keys.attribute(f.attributeId)}=${f.attributeValue}`).join(', ');
}

/** When a trigger pays, in words: "every 3 lessons (events with plan=pro)". */
function describeTrigger(trigger: TriggerShown, keys: KeysById): string {
  const when =
    trigger.type === 'metric'
      ? `every ${trigger.metricThreshold} ${keys.metric(trigger.metricId ?? '')}${trigger.eventAttributes?.length ? ` (events with ${describeFilters(trigger.eventAttributes, keys)})` : ''}`
      : trigger.type === 'achievement'
        ? `on completing ${keys.achievement(trigger.achievementId ?? '')}`
        : trigger.type === 'streak'
          ? `every ${trigger.streakLength} period(s) of streak`
          : trigger.type === 'time'
            ? `every ${trigger.timeInterval} ${trigger.timeUnit}`
            : 'when the user is created';
  const who = trigger.userAttributes.length > 0 ? `, users with ${describeFilters(trigger.userAttributes, keys)}` : '';
  return `${when}${who}${trigger.blockIfOutOfPoints ? ', refused when out of points' : ''}`;
}

/** Whom a boost multiplies the awards of. */
function describeBoostTarget(boost: BoostShown, keys: KeysById): string {
  if (boost.userId !== null) return `user ${boost.userId}`;
  const filters = boost.userAttributes ?? [];
  return filters.length === 0 ? 'everyone' : `users with ${describeFilters(filters, keys)}`;
}

/** A titled table of a system's parts, or a line saying there are none. */
function drawSection(title: string, header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  if (rows.length === 0) return [`${title}: none`];
  return [`${title} (${rows.length}):`, ...table(header, rows).map((line) => `  ${line}`)];
}

function describeSystem(system: SystemWithParts, keys: KeysById): string[] {
  return [
    `system       ${system.name} (${system.key}), ${system.status}, id ${system.id}`,
    `max points   ${system.maxPoints ?? 'no bound'}`,
    ...(system.description !== '' ? [`description  ${system.description}`] : []),
    ...(system.badge !== null ? [`badge        ${system.badge.url}`] : []),
    '',
    ...drawSection(
      'triggers',
      ['ID', 'TYPE', 'POINTS', 'STATUS', 'PAYS'],
      (system.triggers ?? []).map((t) => [t.id, t.type, String(t.points), t.status, describeTrigger(t, keys)]),
    ),
    '',
    ...drawSection(
      'levels',
      ['KEY', 'NAME', 'POINTS', 'ID'],
      (system.levels ?? []).map((l) => [l.key, l.name, String(l.points), l.id]),
    ),
    '',
    ...drawSection(
      'boosts',
      ['NAME', 'STATUS', 'START', 'END', 'MULTIPLIER', 'ROUNDING', 'FOR', 'ID'],
      (system.boosts ?? []).map((b) => [
        b.name,
        b.status,
        b.start,
        b.end ?? '-',
        `x${b.multiplier}`,
        b.rounding,
        describeBoostTarget(b, keys),
        b.id,
      ]),
    ),
  ];
}

/** The refusal of a key no system has, naming the keys there are. */
function refuseUnknownKey(key: string, systems: readonly PointsSystemDef[]): CommandError {
  const known =
    systems.length === 0
      ? 'the account has no points systems'
      : `the account's are ${systems.map((s) => s.key).join(', ')}`;
  return new CommandError(`no points system has the key ${JSON.stringify(key)}: ${known}; see kindling points list`);
}

export const pointsCommand: Command = {
  name: 'points',
  summary: 'list the points systems and show one with its triggers, levels and boosts',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, BACKEND_FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const { action, rest: sub } = takeAction(args, ['list', 'show'], ['points list', 'points show KEY']);
    if (action === 'list') {
      positionals(sub, []);
      const systems = await withAccount(args, io.env, async ({ backend, account }) =>
        systemsOf(await backend.control.config(account.id)).map((s) => ({
          ...pointsSystemWire(s),
          counts: { triggers: shownTriggers(s).length, levels: s.levels.length, boosts: s.boosts.length },
        })),
      );
      out.result(systems, (list) =>
        list.length === 0
          ? 'no points systems: create one with POST /admin/v1/points'
          : table(
              ['KEY', 'NAME', 'STATUS', 'MAX POINTS', 'TRIGGERS', 'LEVELS', 'BOOSTS', 'ID'],
              list.map((s) => [
                s.key,
                s.name,
                s.status,
                s.maxPoints === null ? '-' : String(s.maxPoints),
                String(s.counts.triggers),
                String(s.counts.levels),
                String(s.counts.boosts),
                s.id,
              ]),
            ),
      );
      return 0;
    }
    // show
    const [key] = positionals(sub, ['KEY']) as [string];
    const { system, keys } = await withAccount(args, io.env, async ({ backend, account }) => {
      const config = await backend.control.config(account.id);
      const systems = systemsOf(config);
      const found = systems.find((s) => s.key === key);
      if (found === undefined) throw refuseUnknownKey(key, systems);
      return { system: shapeWithParts(found, Date.now()), keys: indexKeys(config) };
    });
    out.result(system, (s) => describeSystem(s, keys));
    return 0;
  },
};
