/**
 * A user's preferences on the wire (the hosted service's `UserPreferencesResponse` and
 * `UpdateUserPreferencesRequest`): notification channels by snake_case type, and the streak as the
 * user lives it, with the hosted service's names (`evaluationMode` OR/AND, `metrics` [{ key, threshold }]).
 */
import { InvalidInputError, type PreferencesInput, type PreferencesView } from '@kindling/core';
import type { FromSchema } from 'json-schema-to-ts';
import { flag, number, text } from './primitives.js';

const channels = { type: 'array', maxItems: 2, items: { type: 'string', enum: ['email', 'push'] } } as const;
const notificationsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { achievement_completed: channels, recap: channels, reactivation: channels, streak_reminder: channels },
} as const;
const evaluationMode = {
  type: 'string',
  enum: ['OR', 'AND'],
  description: 'OR: any one threshold; AND: all of them',
} as const;

export const preferencesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['notifications'],
  properties: {
    notifications: notificationsSchema,
    streak: {
      type: 'object',
      additionalProperties: false,
      required: ['enabled', 'evaluationMode', 'metrics'],
      properties: {
        enabled: flag,
        evaluationMode,
        metrics: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['key', 'threshold'],
            properties: { key: text, threshold: number },
          },
        },
      },
    },
  },
} as const;

export const preferencesBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    notifications: notificationsSchema,
    streak: {
      type: 'object',
      additionalProperties: false,
      properties: {
        enabled: { type: 'boolean', description: 'false: the user’s streak stays 0 and no streak news is sent' },
        evaluationMode,
        metrics: {
          type: 'array',
          minItems: 1,
          maxItems: 20,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['key', 'threshold'],
            properties: { key: { type: 'string', minLength: 1, maxLength: 255 }, threshold: { type: 'number' } },
          },
        },
      },
    },
  },
} as const;

export type PreferencesWire = FromSchema<typeof preferencesSchema>;
export type PreferencesBody = FromSchema<typeof preferencesBody>;

export function preferencesWire(view: PreferencesView, hasRule: boolean): PreferencesWire {
  return {
    notifications: view.notifications,
    ...(hasRule
      ? {
          streak: {
            enabled: view.streak.enabled,
            evaluationMode: view.streak.mode === 'any' ? 'OR' : 'AND',
            metrics: view.streak.conditions.map((c) => ({ key: c.metric, threshold: c.threshold })),
          },
        }
      : {}),
  };
}

/** The engine's input of a request body: the hosted service's names mapped to the engine's. */
export function preferencesInputOf(body: PreferencesBody): PreferencesInput {
  const input: PreferencesInput = {};
  if (body.notifications !== undefined) input.notifications = body.notifications;
  const streak = body.streak;
  if (streak !== undefined) {
    input.streak = {
      ...(streak.enabled !== undefined ? { enabled: streak.enabled } : {}),
      ...(streak.evaluationMode !== undefined ? { mode: streak.evaluationMode === 'OR' ? 'any' : 'all' } : {}),
      ...(streak.metrics !== undefined
        ? { conditions: streak.metrics.map((m) => ({ metric: m.key, threshold: m.threshold })) }
        : {}),
    };
  }
  return input;
}

/**
 * The engine's refusal of a preferences input told with the request's names (the ones
 * `preferencesInputOf` maps): `streak.conditions[i].metric` is `streak.metrics[i].key`,
 * `streak.conditions` `streak.metrics`. Any other error is given back as it is.
 */
export function refusalInWireNames(error: unknown): unknown {
  if (!(error instanceof InvalidInputError)) return error;
  const message = error.message
    .replace(/\bstreak\.conditions\[(\d+)\]\.metric\b/g, 'streak.metrics[$1].key')
    .replace(/\bstreak\.conditions\b/g, 'streak.metrics');
  return message === error.message ? error : new InvalidInputError(error.code, message);
}
