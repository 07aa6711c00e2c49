/**
 * The admin API's leaderboard (`AdminLeaderboard`: what it ranks by as ids, breakdown attributes
 * by id, the status the owner set, read as `scheduled` or `finished` when the dates say so) and the
 * bulk answers of its routes, with their JSON Schemas.
 */
import { boardStatusAt } from '@kindling/core';
import type { AccountConfig, LeaderboardDef } from '../control/types.js';
import { leaderboardRulesOf } from '../engines/leaderboard-rules.js';
import { deletedAnswerSchema, issues } from './admin-wire.js';
import { text, textOrNull } from './primitives.js';

export const adminLeaderboardSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'name',
    'key',
    'description',
    'status',
    'rankBy',
    'maxParticipants',
    'start',
    'end',
    'startTime',
    'endTime',
    'breakdownAttributes',
    'runUnit',
    'runInterval',
    'created',
    'updated',
  ],
  properties: {
    id: text,
    name: text,
    key: text,
    description: textOrNull,
    status: { type: 'string', enum: ['inactive', 'scheduled', 'active', 'finished'] },
    rankBy: { type: 'string', enum: ['metric', 'points', 'streak'] },
    metricId: text,
    pointsSystemId: text,
    maxParticipants: { type: 'integer' },
    start: text,
    end: textOrNull,
    startTime: textOrNull,
    endTime: textOrNull,
    breakdownAttributes: { type: 'array', items: text },
    runUnit: { type: ['string', 'null'], enum: ['day', 'month', 'year', null] },
    runInterval: { type: ['integer', 'null'] },
    created: text,
    updated: text,
  },
} as const;

/** The status a reader sees at `now`: as set, or scheduled and finished by the dates (S42). */
export function shownStatus(
  def: LeaderboardDef,
  config: AccountConfig,
  now: number,
): 'inactive' | 'scheduled' | 'active' | 'finished' {
  const rules = leaderboardRulesOf(def, config);
  return rules === null ? def.status : boardStatusAt(rules, now);
}

export function adminLeaderboardWire(def: LeaderboardDef, config: AccountConfig, now: number) {
  return {
    id: def.id,
    name: def.name,
    key: def.key,
    description: def.description,
    status: shownStatus(def, config, now),
    rankBy: def.rankBy,
    ...(def.metricId !== undefined ? { metricId: def.metricId } : {}),
    ...(def.pointsSystemId !== undefined ? { pointsSystemId: def.pointsSystemId } : {}),
    maxParticipants: def.maxParticipants,
    start: def.start,
    end: def.end,
    startTime: def.startTime,
    endTime: def.endTime,
    breakdownAttributes: [...def.breakdownAttributes],
    runUnit: def.runUnit,
    runInterval: def.runInterval,
    created: def.created,
    updated: def.updated,
  };
}

export const leaderboardAnswers = {
  created: {
    type: 'object',
    additionalProperties: false,
    required: ['created', 'issues'],
    properties: { created: { type: 'array', items: adminLeaderboardSchema }, issues },
  },
  updated: {
    type: 'object',
    additionalProperties: false,
    required: ['updated', 'issues'],
    properties: { updated: { type: 'array', items: adminLeaderboardSchema }, issues },
  },
  deleted: deletedAnswerSchema,
} as const;
