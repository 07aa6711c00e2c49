/**
 * The one value of a header that selects something: the tenant, the idempotency key, the API key.
 * Node joins a header sent on several lines into one value ("a, b"), and that joined text could
 * name another tenant or key than either line did (a proxy that adds its own line in front of a
 * client's, say). Such a header is read from Node's unjoined view of the request, and a request
 * that repeats it is refused with the caller's error.
 */
import type { FastifyRequest } from 'fastify';
import type { HttpError } from '../errors/errors.js';

/**
 * The header's value (`name` in lower case), or undefined when absent; throws `repeated()` when it
 * is sent more than once. A joined value holds a comma, so one without is the single line it reads
 * (every request's API key, on the way in: no scan); one with is looked up in the request's raw
 * lines (name, value, name, value, ...), which every source of requests has (app.inject too,
 * where `headersDistinct` is missing).
 */
export function singleHeader(request: FastifyRequest, name: string, repeated: () => HttpError): string | undefined {
  const joined = request.headers[name];
  if (joined === undefined) return undefined;
  if (typeof joined === 'string' && !joined.includes(',')) return joined;
  const raw = request.raw.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const line = raw[i] as string;
    if (line.length !== name.length || line.toLowerCase() !== name) continue;
    if (value !== undefined) throw repeated();
    value = raw[i + 1] as string;
  }
  return value;
}
