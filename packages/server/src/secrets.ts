/**
 * API keys and the owner password: keys are random, shown once and stored as a SHA-256 hash;
 * passwords are stored as salted scrypt hashes, computed off the event loop.
 */
import { createHash, randomBytes, scrypt as scryptCallback, timingSafeEqual, type BinaryLike } from 'node:crypto';
import { promisify } from 'node:util';
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

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** scrypt on libuv's thread pool: tens of milliseconds of work that never runs on the event loop. */
const scrypt = promisify(scryptCallback) as (password: BinaryLike, salt: BinaryLike, keylen: number) => Promise<Buffer>;

/** Length of a password hash in bytes. */
const HASH_BYTES = 32;

/** An owner password's length in characters: the sign-in body takes exactly this range. */
export const PASSWORD_LENGTH = { min: 8, max: 1024 } as const;

/** Why `password` cannot be an owner password, or null when it can. */
export function passwordProblem(password: string): string | null {
  return password.length < PASSWORD_LENGTH.min || password.length > PASSWORD_LENGTH.max
    ? `must be at least ${PASSWORD_LENGTH.min} characters long and at most ${PASSWORD_LENGTH.max}, got ${password.length}`
    : null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, HASH_BYTES);
  return `scrypt:${salt.toString('base64url')}:${hash.toString('base64url')}`;
}

/**
 * Which password a session was signed in with: a digest of the stored hash. Setting a password (even
 * the same one) stores a new salt, so the stamp changes and the sessions made with the old one end.
 */
export function passwordStamp(stored: string): string {
  return hashKey(`password:${stored}`);
}

/** Whether `password` is the one `stored` (made by hashPassword) was made from; as slow for any input. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split(':');
  const expected = Buffer.from(hash ?? '', 'base64url');
  const wellFormed = scheme === 'scrypt' && salt !== undefined && expected.length === HASH_BYTES;
  const actual = await scrypt(password, Buffer.from(salt ?? '', 'base64url'), HASH_BYTES);
  return wellFormed && timingSafeEqual(actual, expected);
}
