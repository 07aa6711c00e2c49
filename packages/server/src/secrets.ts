/**
 * API keys and the owner password: keys are random, shown once and stored as a SHA-256 hash;
 * passwords are stored as salted scrypt hashes.
 */
import { createHash, randomBytes, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';
import type { KeyKind } from './control/types.js';

const KEY_PREFIX: Record<KeyKind, string> = { admin: 'kl_admin_', application: 'kl_app_' };

export function newKey(kind: KeyKind): { key: string; prefix: string; hash: string } {
  const key = KEY_PREFIX[kind] + randomBytes(24).toString('base64url');
  return { key, prefix: key.slice(0, KEY_PREFIX[kind].length + 4), hash: hashKey(key) };
}

/** Whether a key is shaped as an application key (whether or not it exists). */
export function isApplicationKey(key: string): boolean {
  return key.startsWith(KEY_PREFIX.application);
}

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function newId(): string {
  return randomUUID();
}

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32);
  return `scrypt:${salt.toString('base64url')}:${hash.toString('base64url')}`;
}

/**
 * Which password a session was signed in with: a digest of the stored hash. Setting a password (even
 * the same one) stores a new salt, so the stamp changes and the sessions made with the old one end.
 */
export function passwordStamp(stored: string): string {
  return hashKey(`password:${stored}`);
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split(':');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}
