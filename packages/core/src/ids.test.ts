import { describe, expect, it } from 'vitest';
import { deterministicId } from '@kindling/core';

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
