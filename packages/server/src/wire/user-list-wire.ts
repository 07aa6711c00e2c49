/**
 * The admin API's page of users for the dashboard's list: each user's id, email, zone, the streak
 * rule's current and longest streak now, and the instant of the latest event; the next page's cursor.
 */
import { number, text, textOrNull } from './primitives.js';

export const userRowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'email', 'tz', 'current', 'longest', 'lastActive'],
  properties: {
    id: text,
    email: textOrNull,
    tz: { ...textOrNull, description: "the user's IANA zone; null when none was sent (the rule's default applies)" },
    current: { ...number, description: "the streak rule's current length now; 0 without a rule" },
    longest: { ...number, description: "the streak rule's longest streak; 0 without a rule" },
    lastActive: { ...textOrNull, description: "the instant of the user's latest event; null when none is known" },
  },
} as const;

export const userPageSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['users', 'next'],
  properties: {
    users: { type: 'array', items: userRowSchema },
    next: {
      ...textOrNull,
      description:
        'the `after` of the next page; null at the end. A search page may hold fewer users than `limit` and still have one',
    },
  },
} as const;
