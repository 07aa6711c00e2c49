/**
 * The server's rule for keys of metrics and achievements, for the forms' preview and checks: derived
 * from the name when none is given (lower case, diacritics dropped, each run of other characters one
 * dash, no dash at either end, at most 64 characters), or given as 1 to 64 letters, digits, - or _.
 * e2e/key-rule.test.ts holds it equal to the server's own (routes/admin/derive-key.ts).
 */
export const MAX_KEY_LENGTH = 64;

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

/** What a key may be, as the forms say it. */
export const KEY_RULE = 'A key is 1 to 64 letters, digits, - or _, and not a reserved name such as constructor.';

/** True when the server accepts the key as given: 1 to 64 letters, digits, - or _, and not the name of a member every object has. */
export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && /^[a-zA-Z0-9_-]+$/.test(key) && !isReservedKey(key);
}

/** Names of members every JavaScript object has (`constructor`, `__proto__`…): the server refuses them as keys. */
export function isReservedKey(key: string): boolean {
  return key === '__proto__' || key === 'prototype' || key in Object.prototype;
}
