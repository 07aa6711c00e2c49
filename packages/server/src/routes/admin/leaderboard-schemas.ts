/**
 * JSON Schemas of the admin API's leaderboard requests, shared by validation and the OpenAPI
 * document. They check each item's shape and bound every string and list; what is wrong with a
 * value (an end before the start, a streak board that repeats, a key taken) is the item's issue,
 * said in `accounts/leaderboards.ts`, not a 422 for the whole body.
 */
import { MAX_NAME_LENGTH, NAME_PATTERN } from '../../accounts/names.js';
import { MAX_DESCRIPTION_LENGTH } from '../../accounts/points-checks.js';
import { KEY_PATTERN } from './schemas.js';

const id = { type: 'string', minLength: 1, maxLength: 255 } as const;
const fields = {
  name: { type: 'string', minLength: 1, maxLength: MAX_NAME_LENGTH, pattern: NAME_PATTERN },
  key: {
    type: 'string',
    minLength: 1,
    maxLength: 255,
    description: `letters, digits, - and _ (${KEY_PATTERN}), at most 64`,
  },
  description: { type: ['string', 'null'], maxLength: MAX_DESCRIPTION_LENGTH },
  status: { type: 'string', enum: ['inactive', 'active', 'scheduled', 'finished'] },
  rankBy: { type: 'string', enum: ['metric', 'points', 'streak'] },
  metricId: { type: ['string', 'null'], maxLength: 255 },
  pointsSystemId: { type: ['string', 'null'], maxLength: 255 },
  // numbers of any size: a value out of bounds is the item's issue, naming its field
  maxParticipants: { type: ['number', 'null'] },
  start: { type: 'string', maxLength: 32 },
  end: { type: ['string', 'null'], maxLength: 32 },
  startTime: { type: ['string', 'null'], maxLength: 32 },
  endTime: { type: ['string', 'null'], maxLength: 32 },
  breakdownAttributes: { type: 'array', maxItems: 50, items: id },
  runUnit: { type: ['string', 'null'], enum: ['day', 'month', 'year', null] },
  runInterval: { type: ['number', 'null'] },
} as const;

export const newLeaderboard = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'key', 'rankBy'],
  properties: fields,
} as const;

export const leaderboardChange = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id, ...fields },
} as const;
