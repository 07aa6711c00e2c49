import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deterministicId } from '@kindling/core';
import { hashText } from './ids.js';

describe('deterministicId', () => {
  it('gives a version-8 UUID that depends only on its parts', () => {
    const id = deterministicId('event', 'ana', 7);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deterministicId('event', 'ana', 7)).toBe(id);
  });

  it('gives different ids to different parts, including parts that join to the same text', () => {
    const ids = new Set<string>();
    for (let v = 0; v < 10_000; v++) ids.add(deterministicId('event', 'user', v));
    expect(ids.size).toBe(10_000);
    expect(deterministicId('ab', 'c')).not.toBe(deterministicId('a', 'bc'));
  });
});

describe('deterministicId, computed from the digest lanes', () => {
  it('gives the ids it gave when it formatted the digest of the joined parts and cut it up (ids already stored stay valid)', () => {
    expect(deterministicId('event', 'ana', 7)).toBe('0b5ab5b3-92d6-8cc2-a712-01fd99a9472a');
    expect(deterministicId('event', 'user-000001', 1)).toBe('4565ac8e-c429-86d6-b3d7-9818fe5dd43c');
    expect(deterministicId('pause', 'x', 12345)).toBe('3e2e48f5-663e-87ca-ab95-f17359a349c8');
    expect(deterministicId('')).toBe('ab3e7c0b-92ca-8f0e-8bc0-fbeb9ca70078');
    expect(deterministicId('é𝄞', 'a', -3.5)).toBe('99a2f2f8-acf9-83bb-b8c5-91b43abe8d61');
  });

  it('equals the digest of the joined text, formatted as a version-8 UUID, for any parts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.double()), { minLength: 1, maxLength: 5 }),
        (parts) => {
          const h = hashText(parts.join('\u0000'));
          const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
          expect(deterministicId(...parts)).toBe(
            `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`,
          );
        },
      ),
    );
  });
});
