/**
 * Deterministic ids in the shape of a UUID (version 8, RFC 9562), derived from their parts.
 * The core has no source of randomness: an engine that wants random ids injects `newId`.
 */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function hex32(n: number): string {
  return (
    (HEX[n >>> 24] as string) +
    (HEX[(n >>> 16) & 0xff] as string) +
    (HEX[(n >>> 8) & 0xff] as string) +
    (HEX[n & 0xff] as string)
  );
}

/** 128 bits of `text` as 32 hex digits: stable across runs and platforms, not cryptographic. */
export function hashText(text: string): string {
  // Four FNV-1a lanes with different seeds, in one pass, each finished with a murmur3 mix.
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  let c = 0x7f4a7c15;
  let d = 0x2545f491;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x01000193);
    c = Math.imul(c ^ code, 0x01000193);
    d = Math.imul(d ^ code, 0x01000193);
  }
  return hex32(finish(a)) + hex32(finish(b)) + hex32(finish(c)) + hex32(finish(d));
}

/** The character codes of the hex digits. */
const DIGIT_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
const DASH = 45;
/** The 36 character codes of the id being made (one id at a time: nothing here awaits). */
const codes: number[] = new Array<number>(36).fill(0);

/** Writes `count` hex digits of `n`, from its digit `first` (0 the most significant of 8), at `at`. */
function putDigits(n: number, first: number, count: number, at: number): void {
  for (let i = 0; i < count; i++) codes[at + i] = DIGIT_CODES[(n >>> (28 - 4 * (first + i))) & 0xf] as number;
}

/**
 * A version-8 UUID of `hashText(parts.join('\u0000'))`: the same text as formatting that digest
 * and cutting it up, but hashed part by part and written as character codes into one string. An id
 * per event, and the joined text, the 32-digit digest and its slices were about a tenth of
 * engine.record's allocations (packages/core/bench).
 */
export function deterministicId(...parts: Array<string | number>): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  let c = 0x7f4a7c15;
  let d = 0x2545f491;
  for (let p = 0; p < parts.length; p++) {
    if (p > 0) {
      // the separator, '\u0000'
      a = Math.imul(a, 0x01000193);
      b = Math.imul(b, 0x01000193);
      c = Math.imul(c, 0x01000193);
      d = Math.imul(d, 0x01000193);
    }
    const part = parts[p];
    const text = typeof part === 'string' ? part : String(part);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x01000193);
      c = Math.imul(c ^ code, 0x01000193);
      d = Math.imul(d ^ code, 0x01000193);
    }
  }
  // The digest is the four lanes' 8 digits each. The id: digits 0-7, 8-11, the version 8 in place
  // of digit 12, 13-15, the variant (8, 9, a or b) in place of digit 16, 17-19, 20-31, dashed.
  const a1 = finish(a);
  const b1 = finish(b);
  const c1 = finish(c);
  const d1 = finish(d);
  putDigits(a1, 0, 8, 0);
  codes[8] = DASH;
  putDigits(b1, 0, 4, 9);
  codes[13] = DASH;
  codes[14] = DIGIT_CODES[8] as number;
  putDigits(b1, 5, 3, 15);
  codes[18] = DASH;
  codes[19] = DIGIT_CODES[((c1 >>> 28) & 0x3) | 0x8] as number;
  putDigits(c1, 1, 3, 20);
  codes[23] = DASH;
  putDigits(c1, 4, 4, 24);
  putDigits(d1, 0, 8, 28);
  return String.fromCharCode.apply(null, codes);
}
