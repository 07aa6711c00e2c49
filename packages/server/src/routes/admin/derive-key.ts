/**
 * Keys of metrics and achievements: given, or derived from the name (lower case, diacritics
 * dropped, each run of other characters one dash, no dash at either end, at most 64 characters).
 */
export const MAX_KEY_LENGTH = 64;
const KEY = /^[a-zA-Z0-9_-]+$/;

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

/** The key of a new item, or what is wrong with it. */
export function keyFor(item: { name: string; key?: string }): { key: string } | { problem: string } {
  if (item.key === undefined) {
    const key = deriveKey(item.name);
    return key === '' ? { problem: 'No key can be derived from the name; send a key' } : { key };
  }
  if (!KEY.test(item.key) || item.key.length > MAX_KEY_LENGTH) {
    return { problem: `Key must be 1 to ${MAX_KEY_LENGTH} letters, digits, - or _` };
  }
  return { key: item.key };
}
