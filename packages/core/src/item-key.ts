/**
 * The rule for keys of metrics and achievements, used by the service when it creates them and by
 * the dashboard's forms to preview and check them: derived from the name when none is given (lower
 * case, diacritics dropped, each run of other characters one dash, no dash at either end, at most
 * 64 characters), or given as 1 to 64 letters, digits, - or _. Names of members every JavaScript
 * object has (`constructor`, `__proto__`, `tostring`…) are refused (keys.ts).
 */
import { unsafeKeyReason } from './keys.js';

export const MAX_KEY_LENGTH = 64;
const KEY = /^[a-zA-Z0-9_-]+$/;

/** What a key may be, as the forms say it. */
export const KEY_RULE = 'A key is 1 to 64 letters, digits, - or _, and not a reserved name such as constructor.';

/** The key derived from a name: empty when the name has no letter or digit. */
export function deriveKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_KEY_LENGTH)
    .replace(/-+$/, '');
}

/** True when `key` may be given as it is. */
export function isValidKey(key: string): boolean {
  return keyProblem(key) === null;
}

function keyProblem(key: string): string | null {
  if (!KEY.test(key) || key.length > MAX_KEY_LENGTH)
    return `Key must be 1 to ${MAX_KEY_LENGTH} letters, digits, - or _`;
  const reserved = unsafeKeyReason(key);
  return reserved === null ? null : `Key ${reserved}; choose another`;
}

/** The key of a new item, or what is wrong with it. */
export function keyFor(item: { name: string; key?: string }): { key: string } | { problem: string } {
  if (item.key === undefined) {
    const key = deriveKey(item.name);
    if (key === '') return { problem: 'No key can be derived from the name; send a key' };
    const reserved = unsafeKeyReason(key);
    return reserved === null ? { key } : { problem: `The key derived from the name, ${reserved}; send another key` };
  }
  const problem = keyProblem(item.key);
  return problem === null ? { key: item.key } : { problem };
}
