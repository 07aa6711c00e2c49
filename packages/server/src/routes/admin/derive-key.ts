/**
 * Keys of metrics and achievements: given, or derived from the name (lower case, diacritics
 * dropped, each run of other characters one dash, no dash at either end, at most 64 characters). Names of members every JavaScript object has
(`constructor`, `__proto__`, `tostring`…) are refused: they would name inherited fields of records.
 */
import { unsafeKeyReason } from '@kindling/core';

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
    if (key === '') return { problem: 'No key can be derived from the name; send a key' };
    const reserved = unsafeKeyReason(key);
    return reserved === null ? { key } : { problem: `The key derived from the name, ${reserved}; send another key` };
  }
  if (!KEY.test(item.key) || item.key.length > MAX_KEY_LENGTH) {
    return { problem: `Key must be 1 to ${MAX_KEY_LENGTH} letters, digits, - or _` };
  }
  const reserved = unsafeKeyReason(item.key);
  return reserved === null ? { key: item.key } : { problem: `Key ${reserved}; choose another` };
}
