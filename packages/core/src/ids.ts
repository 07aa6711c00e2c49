/**
 * Deterministic ids in the shape of a UUID (version 8, RFC 9562), derived from their parts.
 * The core has no source of randomness: an engine that wants random ids injects `newId`.
 */
function hash32(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

const hex = (n: number) => n.toString(16).padStart(8, '0');

export function deterministicId(...parts: Array<string | number>): string {
  const text = parts.join('\u0000');
  const a = hash32(text, 0x811c9dc5);
  const b = hash32(text, 0x9e3779b9);
  const c = hash32(text, 0x7f4a7c15);
  const d = hash32(text, 0x2545f491);
  const h = hex(a) + hex(b) + hex(c) + hex(d);
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
