/**
 * One line of an import file: its bytes read strictly as UTF-8, then
 * `{"metric","user":{"id","tz"?,"email"?},"value","at"?,"idempotencyKey"?}` (or `userId` instead of
 * `user.id`; `at` an RFC 3339 instant or epoch ms) turned into what `engine.record` takes, or the
 * reason it cannot be. A line without its own idempotency key gets `import:<sha256 of the line>`, so
 * that importing the same file again changes nothing.
 */
import { createHash } from 'node:crypto';
import { instantOf } from '../http/event-instant.js';

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
  const at = instantOf(event.at);
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
