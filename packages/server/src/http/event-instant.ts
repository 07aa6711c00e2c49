/**
 * The instant an event happened, as a caller sends it (`at`): an RFC 3339 instant
 * (`2026-01-02T10:00:00Z`, any offset) or epoch milliseconds, read the same by the event routes and
 * `kindling import`. The schema takes the shapes; `instantOf` reads one, the date checked against
 * the calendar (Date.parse rolls 2026-02-30 over to March).
 */
import { InvalidInputError, parseDay } from '@kindling/core';

/** The date (checked against the calendar apart), then a time of the clock and an offset. */
const RFC_3339 = /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The last instant a JavaScript Date can hold, in ms either way of 1970. */
export const MAX_DATE_MS = 8.64e15;

/** The JSON Schema of `at` in a request body. */
export const eventInstant = {
  type: ['string', 'integer'],
  maxLength: 64,
  minimum: -MAX_DATE_MS,
  maximum: MAX_DATE_MS,
  description:
    'when the event happened (Kindling’s extension): an RFC 3339 instant such as 2026-01-02T10:00:00Z, or epoch milliseconds; absent: now',
} as const;

/** `at` read as epoch ms, undefined when absent, or the problem with it, naming `at`. */
export function instantOf(at: unknown): number | undefined | { problem: string } {
  if (at === undefined || at === null) return undefined;
  // whole milliseconds within the dates there are (±8.64e15 ms around 1970): past them none can be
  // written, and the engine refuses years beyond its own with a reason of its own
  if (typeof at === 'number' && Number.isSafeInteger(at) && Math.abs(at) <= MAX_DATE_MS) return at;
  const match = typeof at === 'string' ? RFC_3339.exec(at) : null;
  if (match !== null) {
    try {
      parseDay(match[1] as string, 'at');
    } catch (error) {
      if (error instanceof InvalidInputError) return { problem: error.message };
      throw error;
    }
    const parsed = Date.parse(at as string);
    if (Number.isFinite(parsed)) return parsed;
  }
  return {
    problem: `at must be an RFC 3339 instant (2026-01-02T10:00:00Z) or epoch milliseconds, got ${JSON.stringify(at)}`,
  };
}
