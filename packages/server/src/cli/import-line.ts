/**
 * One line of an import file: its bytes read strictly as UTF-8, then
 * `{"metric","user":{"id","tz"?,"email"?},"value","at"?,"idempotencyKey"?}` (or `userId` instead of
 * `user.id`; `at` an RFC 3339 instant or epoch ms) turned into what `engine.record` takes, or the
 * reason it cannot be. A line without its own idempotency key gets `import:<sha256 of the line>`, so
 * that importing the same file again changes nothing.
 */
import { createHash } from 'node:crypto';
import { InvalidInputError, parseDay } from '@kindling/core';

export interface ImportEvent {
  metric: string;
  userId: string;
  /** checked by the engine, which names what is wrong */
  value: unknown;
  tz: string | null;
  email: string | null;
  at: number | undefined;
  idempotencyKey: string;
}

/** The date (checked against the calendar apart), then a time of the clock and an offset. */
const RFC_3339 = /^(\d{4}-\d{2}-\d{2})[Tt ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The last instant a JavaScript Date can hold, in ms either way of 1970. */
const MAX_DATE_MS = 8.64e15;

function instant(at: unknown): number | undefined | { problem: string } {
  if (at === undefined || at === null) return undefined;
  // whole milliseconds within the dates there are (±8.64e15 ms around 1970): past them none can be
  // written, and the engine refuses years beyond its own with a reason of its own
  if (typeof at === 'number' && Number.isSafeInteger(at) && Math.abs(at) <= MAX_DATE_MS) return at;
  const match = typeof at === 'string' ? RFC_3339.exec(at) : null;
  if (match !== null) {
    // Date.parse rolls 2026-02-30 over to March: the date is checked as the HTTP API checks dates
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

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

// fatal: a byte sequence that is not UTF-8 is an error, not U+FFFD (which would make distinct user ids
// or idempotency keys one); ignoreBOM: the bytes are read as they are, a BOM included
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The text of a line's bytes, or the reason they are not text. */
export function decodeImportLine(bytes: Uint8Array): string | { problem: string } {
  try {
    return utf8.decode(bytes);
  } catch {
    return {
      problem: 'not valid UTF-8: the line holds bytes of another encoding (save the file as UTF-8 and import it again)',
    };
  }
}

export function parseImportLine(line: string): ImportEvent | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    return { problem: `not valid JSON: ${(error as Error).message}` };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { problem: 'a line must be a JSON object' };
  const event = parsed as Record<string, unknown>;
  const user = (event.user !== null && typeof event.user === 'object' ? event.user : {}) as Record<string, unknown>;
  const metric = text(event.metric);
  if (metric === null)
    return { problem: `metric must be the key of a metric, got ${JSON.stringify(event.metric) ?? 'nothing'}` };
  const userId = text(user.id) ?? text(event.userId);
  if (userId === null) return { problem: 'missing user id: give user.id or userId (a non-empty string)' };
  const at = instant(event.at);
  if (typeof at === 'object') return at;
  const key = event.idempotencyKey;
  // its length the engine checks, as every caller's
  if (key !== undefined && key !== null && (typeof key !== 'string' || key === '')) {
    return { problem: `idempotencyKey must be a non-empty string, got ${JSON.stringify(key)}` };
  }
  return {
    metric,
    userId,
    value: event.value,
    // the engine checks these and names what is wrong
    tz: (user.tz ?? null) as string | null,
    email: (user.email ?? null) as string | null,
    at,
    idempotencyKey: typeof key === 'string' ? key : `import:${createHash('sha256').update(line).digest('hex')}`,
  };
}
