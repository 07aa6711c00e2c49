/**
 * What may change in a points system's triggers, and how. Create: `points` a non-zero integer
 * within ±1e9, the fields of its type required (a metric's `metricId` of an active metric and
 * `metricThreshold`, an achievement's `achievementId`, a streak's `streakLength`, a time trigger's
 * `timeUnit` and `timeInterval`) and those of other types refused, attribute filters by the ids of
 * declared attributes; inactive unless asked. Update: any field, the type only while inactive
 * (then the new type's fields are needed). Delete: the trigger is archived (the awards made keep
 * naming it) and no list shows it. Each is one bulk change of the configuration.
 */
import type {
  AccountConfig,
  AttributeFilter,
  PointsSystemDef,
  PointsTriggerDef,
  PointsTriggerType,
} from '../control/types.js';
import { newId } from '../random-ids.js';
import type { AccountDeps } from './account-deps.js';
import { addSystemParts, type PartsOf, removeSystemParts, updateSystemParts } from './points-parts.js';
import type { BulkOutcome } from './bulk-change.js';
import {
  attributeFilterProblem,
  copyFilters,
  integerProblem,
  liveSystem,
  missingSystem,
  triggerPointsProblem,
} from './points-checks.js';

/** The fields only some types of trigger have. */
interface TypedFields {
  metricId?: string;
  metricThreshold?: number;
  eventAttributes?: AttributeFilter[] | null;
  achievementId?: string;
  streakLength?: number;
  timeUnit?: 'hours' | 'days';
  timeInterval?: number;
}

export interface NewPointsTrigger extends TypedFields {
  type: PointsTriggerType;
  points: number;
  status?: 'active' | 'inactive';
  userAttributes?: AttributeFilter[] | null;
  blockIfOutOfPoints?: boolean;
}

export interface PointsTriggerChange extends Partial<NewPointsTrigger> {
  id: string;
}

type TypedField = keyof TypedFields;

/** Each type's fields, and which of them it needs. */
const FIELDS: Record<PointsTriggerType, { required: TypedField[]; optional: TypedField[] }> = {
  metric: { required: ['metricId', 'metricThreshold'], optional: ['eventAttributes'] },
  achievement: { required: ['achievementId'], optional: [] },
  streak: { required: ['streakLength'], optional: [] },
  time: { required: ['timeUnit', 'timeInterval'], optional: [] },
  user_creation: { required: [], optional: [] },
};
const ALL_TYPED: TypedField[] = [
  'metricId',
  'metricThreshold',
  'eventAttributes',
  'achievementId',
  'streakLength',
  'timeUnit',
  'timeInterval',
];

/** The trigger's type-specific fields as given in `source`, refusing those of other types. */
function typedFieldsOf(type: PointsTriggerType, source: TypedFields): TypedFields | string {
  const own = [...FIELDS[type].required, ...FIELDS[type].optional];
  const fields: TypedFields = {};
  for (const field of ALL_TYPED) {
    const value = source[field];
    if (value === undefined) continue;
    if (!own.includes(field)) {
      if (field === 'eventAttributes' && value === null) continue;
      return `${field} applies to ${owner(field)} triggers only`;
    }
    (fields as Record<string, unknown>)[field] = value;
  }
  return fields;
}

function owner(field: TypedField): PointsTriggerType {
  return (Object.keys(FIELDS) as PointsTriggerType[]).find((type) =>
    [...FIELDS[type].required, ...FIELDS[type].optional].includes(field),
  ) as PointsTriggerType;
}

/** What is wrong with a trigger's type-specific fields under `config`, or null. */
function typedProblem(type: PointsTriggerType, fields: TypedFields, config: AccountConfig): string | null {
  for (const field of FIELDS[type].required)
    if (fields[field] === undefined) return `${field} is required for a ${type} trigger`;
  if (type === 'metric') {
    const metric = config.metrics.find((m) => m.id === fields.metricId);
    if (metric === undefined) return `metricId: no metric has the id ${JSON.stringify(fields.metricId)}`;
    if (metric.status !== 'active') return `metricId: the metric ${JSON.stringify(metric.key)} is archived`;
    return (
      integerProblem('metricThreshold', fields.metricThreshold, 1) ??
      attributeFilterProblem('eventAttributes', fields.eventAttributes, 'event', config)
    );
  }
  if (type === 'achievement') {
    const achievement = config.achievements.find((a) => a.id === fields.achievementId);
    if (achievement === undefined || achievement.status === 'archived')
      return `achievementId: no achievement has the id ${JSON.stringify(fields.achievementId)}`;
  }
  if (type === 'streak') return integerProblem('streakLength', fields.streakLength, 1);
  if (type === 'time') {
    if (fields.timeUnit !== 'hours' && fields.timeUnit !== 'days') return 'timeUnit must be hours or days';
    return integerProblem('timeInterval', fields.timeInterval, 1);
  }
  return null;
}

/** The trigger `item` makes at `at` under `config`, or the problem that refuses it. */
export function newTrigger(item: NewPointsTrigger, config: AccountConfig, at: string): PointsTriggerDef | string {
  if (FIELDS[item.type] === undefined) return 'type must be metric, achievement, streak, time or user_creation';
  const fields = typedFieldsOf(item.type, item);
  if (typeof fields === 'string') return fields;
  const problem =
    triggerPointsProblem(item.points) ??
    attributeFilterProblem('userAttributes', item.userAttributes, 'user', config) ??
    typedProblem(item.type, fields, config);
  if (problem !== null) return problem;
  const status = item.status ?? 'inactive';
  return {
    id: newId(),
    type: item.type,
    points: item.points,
    status,
    userAttributes: copyFilters(item.userAttributes),
    ...stored(fields),
    blockIfOutOfPoints: item.blockIfOutOfPoints ?? false,
    created: at,
    updated: at,
    activated: status === 'active' ? at : null,
  };
}

/** The type-specific fields as kept: filters copied, none null. */
function stored(fields: TypedFields): Omit<TypedFields, 'eventAttributes'> & { eventAttributes?: AttributeFilter[] } {
  const { eventAttributes, ...rest } = fields;
  return eventAttributes === undefined || eventAttributes === null
    ? rest
    : { ...rest, eventAttributes: copyFilters(eventAttributes) };
}

/** `def` changed by `change` at `at` under `config`, or the problem that refuses it. */
function changedTrigger(
  def: PointsTriggerDef,
  change: PointsTriggerChange,
  config: AccountConfig,
  at: string,
): PointsTriggerDef | string {
  const type = change.type ?? def.type;
  if (FIELDS[type] === undefined) return 'type must be metric, achievement, streak, time or user_creation';
  if (type !== def.type && def.status === 'active')
    return 'type can change only while the trigger is inactive: deactivate it first';
  const given = typedFieldsOf(type, change);
  if (typeof given === 'string') return given;
  const kept: TypedFields = {};
  if (type === def.type)
    for (const field of ALL_TYPED) if (def[field] !== undefined) Object.assign(kept, { [field]: def[field] });
  const fields: TypedFields = { ...kept, ...given };
  const points = change.points ?? def.points;
  const userAttributes = change.userAttributes === undefined ? def.userAttributes : copyFilters(change.userAttributes);
  const problem =
    triggerPointsProblem(points) ??
    attributeFilterProblem('userAttributes', userAttributes, 'user', config) ??
    typedProblem(type, fields, config);
  if (problem !== null) return problem;
  const status = change.status ?? (def.status === 'archived' ? 'inactive' : def.status);
  const {
    metricId: _m,
    metricThreshold: _t,
    eventAttributes: _e,
    achievementId: _a,
    streakLength: _s,
    timeUnit: _u,
    timeInterval: _i,
    ...base
  } = def;
  return {
    ...base,
    type,
    points,
    status,
    userAttributes,
    ...stored(fields),
    blockIfOutOfPoints: change.blockIfOutOfPoints ?? def.blockIfOutOfPoints,
    updated: at,
    activated: status === 'active' && def.status !== 'active' ? at : def.activated,
  };
}

/** Whether the owner sees the trigger: a deleted (archived) one is kept for its awards only. */
function isShown(trigger: PointsTriggerDef): boolean {
  return trigger.status !== 'archived';
}

/** The triggers of `system` not deleted, those lists and counts show. */
export function shownTriggers(system: PointsSystemDef): PointsTriggerDef[] {
  return system.triggers.filter(isShown);
}

/** The system's triggers not deleted; 404 without the system. */
export async function pointsTriggersOf(
  deps: Pick<AccountDeps, 'control'>,
  accountId: string,
  systemId: string,
): Promise<PointsTriggerDef[]> {
  const system = liveSystem(await deps.control.config(accountId), systemId);
  if (system === undefined) throw missingSystem(systemId);
  return shownTriggers(system);
}

const TRIGGERS: PartsOf<'triggers'> = {
  list: 'triggers',
  label: 'Points trigger',
  visible: isShown,
};

/** Creates triggers of the system: those made, and the issue of each item refused; 404 without the system. */
export function createPointsTriggers(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly NewPointsTrigger[],
): Promise<BulkOutcome<PointsTriggerDef>> {
  const at = new Date(deps.clock()).toISOString();
  return addSystemParts(deps, accountId, systemId, TRIGGERS, items, (item, _system, config) =>
    newTrigger(item, config, at),
  );
}

/** Changes triggers of the system by id: each changed once (as it ends), and the issues. */
export function updatePointsTriggers(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  items: readonly PointsTriggerChange[],
): Promise<BulkOutcome<PointsTriggerDef>> {
  const at = new Date(deps.clock()).toISOString();
  return updateSystemParts(deps, accountId, systemId, TRIGGERS, items, (part, item, config) =>
    changedTrigger(part, item, config, at),
  );
}

/** Deletes (archives) triggers of the system by id: the ids deleted and the issues. */
export function deletePointsTriggers(
  deps: AccountDeps,
  accountId: string,
  systemId: string,
  ids: readonly string[],
): Promise<BulkOutcome<{ id: string }>> {
  const at = new Date(deps.clock()).toISOString();
  // archived, not removed: the awards made keep naming it
  return removeSystemParts(deps, accountId, systemId, TRIGGERS, ids, (parts, part) =>
    parts.map((t) => (t === part ? { ...t, status: 'archived' as const, updated: at } : t)),
  );
}
