/**
 * The parser of JSON bodies. Fastify's own refuses a `__proto__` member (and a `constructor`
 * holding `prototype`), as it should, but answers it as malformed JSON, which the body is not. This
 * one refuses the same members with secure-json-parse, the library Fastify's parser uses, and then
 * tells the two failures apart: malformed JSON is INVALID_JSON with where it broke, a forbidden
 * member is INVALID_INPUT naming it. A body declared in a charset other than UTF-8 is refused (415),
 * and one whose bytes are not UTF-8 is malformed (INVALID_JSON): read leniently, each broken
 * sequence would become U+FFFD, and two different ids one user.
 */
import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { HttpError } from '../errors/errors.js';

const REFUSE_BOTH = { protoAction: 'error', constructorAction: 'error' } as const;
const REFUSE_PROTO = { protoAction: 'error', constructorAction: 'ignore' } as const;

function whyNot(body: string): HttpError {
  try {
    JSON.parse(body);
  } catch (error) {
    return new HttpError('INVALID_JSON', `the body is not valid JSON: ${(error as Error).message}`);
  }
  try {
    secureJson.parse(body, undefined, REFUSE_PROTO);
  } catch {
    return new HttpError('INVALID_INPUT', 'the body holds a member named "__proto__", which no request accepts');
  }
  return new HttpError(
    'INVALID_INPUT',
    'the body holds a member named "constructor" with a "prototype" inside, which no request accepts',
  );
}

/** The `charset` parameter of a Content-Type, lower case and unquoted; null without one. */
const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/** Reads UTF-8 strictly: a byte sequence that is no UTF-8 throws. A BOM is kept, and refused as JSON. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A content-type parser of `application/json` bodies read as bytes (Fastify's `parseAs: 'buffer'`). */
export function parseJsonBody(
  request: FastifyRequest,
  bytes: Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  // JSON between systems is UTF-8 (RFC 8259 §8.1): a body declared in another charset is refused,
  // never read as UTF-8 and misunderstood.
  const declared = CHARSET.exec(request.headers['content-type'] ?? '');
  const charset = declared === null ? null : (declared[1] ?? declared[2] ?? '').toLowerCase();
  if (charset !== null && charset !== 'utf-8' && charset !== 'utf8') {
    done(
      new HttpError(
        'UNSUPPORTED_MEDIA_TYPE',
        `JSON bodies are UTF-8: send charset=utf-8 or none, not ${JSON.stringify(charset)}`,
      ),
      undefined,
    );
    return;
  }
  let body: string;
  try {
    body = utf8.decode(bytes);
  } catch {
    done(new HttpError('INVALID_JSON', 'the body is not valid JSON: its bytes are not UTF-8'), undefined);
    return;
  }
  if (body.length === 0) {
    done(new HttpError('INVALID_JSON', 'the body is empty: send a JSON document or no Content-Type'), undefined);
    return;
  }
  let value: unknown;
  try {
    value = secureJson.parse(body, undefined, REFUSE_BOTH);
  } catch {
    done(whyNot(body), undefined);
    return;
  }
  done(null, value);
}
