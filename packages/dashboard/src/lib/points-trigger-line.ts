/**
 * A points trigger told as one plain-language line, e.g. "10 XP for every 3 lessons, on mobile",
 * "5 XP every 7-day streak", "Takes 2 XP when a user is created (inactive)": the points in the
 * system's unit (its name), what earns them, its filters, and whether it is off.
 */
import type { PointsFilter, PointsTrigger } from '../api/types';
import { formatNumber } from './format';

/** What the line names that the trigger holds only by id, and the system's unit. */
export interface TriggerNames {
  /** the points system's name, e.g. "XP" or "Energy" */
  unit: string;
  /** metric, achievement and attribute names by id; an id not found is told without a name */
  metrics: ReadonlyMap<string, string>;
  achievements: ReadonlyMap<string, string>;
  attributes: ReadonlyMap<string, string>;
  /** the streak rule's period ("day" for a daily rule); a day when unknown */
  streakPeriod?: 'day' | 'week' | 'month';
}

/** The fields of a trigger the line tells (filter lists may be read-only). */
type Trigger = Pick<
  PointsTrigger,
  | 'type'
  | 'points'
  | 'status'
  | 'metricId'
  | 'metricThreshold'
  | 'achievementId'
  | 'streakLength'
  | 'timeUnit'
  | 'timeInterval'
> & {
  userAttributes: readonly PointsFilter[];
  eventAttributes?: readonly PointsFilter[];
};

/** The trigger's line: "<points> <unit> <what earns them>[, on <event values>][, for users whose …][ (inactive)]". */
export function describePointsTrigger(trigger: Trigger, names: TriggerNames): string {
  const amount = `${formatNumber(Math.abs(trigger.points), 0)} ${inText(names.unit)}`;
  const parts = [`${trigger.points < 0 ? 'Takes ' : ''}${amount} ${describeCause(trigger, names)}`];
  const events = trigger.type === 'metric' ? (trigger.eventAttributes ?? []) : [];
  if (events.length > 0) parts.push(`on ${events.map((filter) => filter.attributeValue).join(' and ')}`);
  if (trigger.userAttributes.length > 0)
    parts.push(`for users whose ${describeUserFilters(trigger.userAttributes, names)}`);
  return `${parts.join(', ')}${trigger.status === 'inactive' ? ' (inactive)' : ''}`;
}

/** What earns the points: "for every 3 lessons", "every 7-day streak", "on completing First lesson", … */
function describeCause(trigger: Trigger, names: TriggerNames): string {
  switch (trigger.type) {
    case 'metric': {
      const metric = names.metrics.get(trigger.metricId ?? '');
      const noun = metric === undefined ? 'of a metric' : inText(metric);
      const threshold = trigger.metricThreshold ?? 1;
      if (threshold === 1 && metric !== undefined) return `for every ${singular(noun)}`;
      return `for every ${formatNumber(threshold, 0)} ${noun}`;
    }
    case 'achievement': {
      const achievement = names.achievements.get(trigger.achievementId ?? '');
      return `on completing ${achievement ?? 'an achievement'}`;
    }
    case 'streak':
      return `every ${formatNumber(trigger.streakLength ?? 1, 0)}-${names.streakPeriod ?? 'day'} streak`;
    case 'time': {
      const interval = trigger.timeInterval ?? 1;
      const unit = trigger.timeUnit === 'days' ? 'day' : 'hour';
      return interval === 1 ? `every ${unit}` : `every ${formatNumber(interval, 0)} ${unit}s`;
    }
    case 'user_creation':
      return 'when a user is created';
  }
}

/** "plan is pro and country is FR": each user filter by its attribute's name. */
function describeUserFilters(filters: readonly PointsFilter[], names: TriggerNames): string {
  return filters
    .map(
      (filter) =>
        `${inText(names.attributes.get(filter.attributeId) ?? filter.attributeId)} is ${filter.attributeValue}`,
    )
    .join(' and ');
}

/** A name as it reads inside a sentence: "Lessons" → "lessons"; "XP" and "API calls" stay. */
function inText(name: string): string {
  const first = name.split(/\s/)[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return name;
  return name.charAt(0).toLowerCase() + name.slice(1);
}

/** "lessons" → "lesson" for a threshold of one; a name not ending in a plain "s" stays. */
function singular(noun: string): string {
  return /[^s]s$/.test(noun) ? noun.slice(0, -1) : noun;
}
