/** The answer of GET and PUT /admin/v1/events/lateness: how late an application key's event may be. */
import { MAX_LATE_HOURS } from '../engines/event-lateness.js';

export const maxLateHours = {
  type: 'integer',
  minimum: 0,
  maximum: MAX_LATE_HOURS,
  description:
    'how many hours before the server clock an event sent with an application key and its own at may lie; 0 (the default): none beyond the 5 minutes of clock skew',
} as const;

export const eventLatenessSchema = {
  type: 'object',
  required: ['maxLateHours'],
  additionalProperties: false,
  properties: { maxLateHours },
} as const;
