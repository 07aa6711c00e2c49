/**
 * Derives the key of a metric or an achievement from its name, the way the server does when no
 * key is given: lower case, only a-z, 0-9 and single dashes, no dash at either end.
 */
export function deriveKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** True when a key is one the server accepts: non-empty, a-z0-9 and dashes only. */
export function isValidKey(key: string): boolean {
  return /^[a-z0-9-]+$/.test(key);
}
