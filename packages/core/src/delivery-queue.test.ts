import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { userOfOrderKey, userOrderKey } from './delivery-queue.js';

describe('a user order key', () => {
  it('gives back its scope and user id, whatever characters either holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary', minLength: 1 }), (scope, userId) => {
        expect(userOfOrderKey(userOrderKey(scope, userId))).toEqual({ scope, userId });
      }),
    );
  });

  it('is one key per namespace and user: two pairs never share one, `:` in them or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 't', 't:1', '1:t'),
        fc.constantFrom('ada', ':ada', 't:ada', '1:ada'),
        fc.constantFrom('', 't', 't:1', '1:t'),
        fc.constantFrom('ada', ':ada', 't:ada', '1:ada'),
        (scopeA, userA, scopeB, userB) => {
          const same = scopeA === scopeB && userA === userB;
          expect(userOrderKey(scopeA, userA) === userOrderKey(scopeB, userB)).toBe(same);
        },
      ),
    );
    expect(userOrderKey('', 't:ada')).not.toBe(userOrderKey('t', 'ada'));
  });

  it('reads nothing from a key it did not make', () => {
    for (const key of ['ada', '', '0:', '0::', '3:ab:c', '01::ada', '2:ab', '__proto__', '9999999:x:y'])
      expect(userOfOrderKey(key)).toBeNull();
  });
});
