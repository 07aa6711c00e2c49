/**
 * The `userAttributes` query of the hosted API's lists and summaries: `plan:pro,team:a`, parsed as
 * key → value (each pair must match); a pair without a colon is an INVALID_INPUT naming it.
 */
import { HttpError } from '../../errors/errors.js';

export function parseAttributePairs(text: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of text.split(',')) {
    if (part === '') continue;
    const colon = part.indexOf(':');
    if (colon <= 0)
      throw new HttpError(
        'INVALID_INPUT',
        `userAttributes must be attr:value pairs separated by commas, got ${JSON.stringify(part.slice(0, 64))}`,
      );
    pairs.set(part.slice(0, colon), part.slice(colon + 1));
  }
  return pairs;
}
