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
  return (HEX[n >>> 24] as string) + (HEX[(n >>> 16) & 0xff] as string) + (HEX[(n >>> 8) & 0xff] as string) + (HEX[n & 0xff] as string);
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

export function deterministicId(...parts: Array<string | number>): string {
  const h = hashText(parts.join('\u0000'));
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
