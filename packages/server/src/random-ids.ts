/**
 * Random ids: UUIDs of version 4 (RFC 9562), for every event the engine records and for whatever an
 * owner creates. The bytes come from Node's CSPRNG as `crypto.randomUUID`'s do, a pool of them at a
 * time as it does; the id is written as character codes into one string. Node 20's `randomUUID`
 * joins its 36 characters by 20 concatenations, about 590 bytes of garbage per id: a fifth of what
 * the engine allocated per event in the service (decision 002). This one allocates the string only.
 */
import { randomFillSync } from 'node:crypto';

const ID_BYTES = 16;
/** ids per refill of the pool */
const POOL_IDS = 256;
const pool = new Uint8Array(ID_BYTES * POOL_IDS);
/** the next unused byte of `pool`; at its end, the pool is refilled */
let next = pool.length;

const HEX_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
/** where the two hex digits of each of the 16 bytes stand among the id's 36 characters */
const DIGITS_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
/** The character codes of the id being made, the dashes in place (one id at a time: nothing here awaits). */
const codes = Array.from('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', (char) => char.charCodeAt(0));

/** A new random id, as `crypto.randomUUID()` gives: `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, y one of 8, 9, a, b. */
export function newId(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  for (let i = 0; i < ID_BYTES; i++) {
    let byte = pool[next + i] as number;
    // the version (4) in the high half of byte 6, the variant (binary 10) in the top bits of byte 8
    if (i === 6) byte = (byte & 0x0f) | 0x40;
    else if (i === 8) byte = (byte & 0x3f) | 0x80;
    const at = DIGITS_AT[i] as number;
    codes[at] = HEX_CODES[byte >>> 4] as number;
    codes[at + 1] = HEX_CODES[byte & 0x0f] as number;
  }
  next += ID_BYTES;
  return String.fromCharCode.apply(null, codes);
}
