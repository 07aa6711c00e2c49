/**
 * Outbox positions: what `readOutbox` hands out with each entry and `removeOutbox` takes back,
 * `<account mark>:<user as a member>:<sequence>:<commit instant>`. The user and the sequence name the
 * entry; the commit instant must match too, and the mark (a hash of the key prefix and the account)
 * keeps a position of another account from naming an entry of this one. Anything else is not a
 * position of this store and is ignored.
 */

export interface OutboxPosition {
  /** the user, as a member (keys.ts encodeMember) */
  readonly member: string;
  readonly seq: string;
  readonly stamp: string;
}

/** FNV-1a (32 bits) of the key prefix and the account, as 8 hex digits. */
export function accountMark(prefix: string, account: string): string {
  const text = `${prefix}\u0000${account}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function formatPosition(mark: string, position: OutboxPosition): string {
  return `${mark}:${position.member}:${position.seq}:${position.stamp}`;
}

const POSITION = /^([0-9a-f]{8}):((?:[0-9a-f]{4})*):([1-9][0-9]{0,14}):([0-9]{1,19})$/;

/** The position `text` names in the account of `mark`, or null. */
export function parsePosition(mark: string, text: unknown): OutboxPosition | null {
  if (typeof text !== 'string') return null;
  const match = POSITION.exec(text);
  if (match === null || match[1] !== mark) return null;
  return { member: match[2] as string, seq: match[3] as string, stamp: match[4] as string };
}
