/**
 * The key layout: names are escaped so that no id can end a hash tag early or make two names meet,
 * every key of a user (and of an account) has one hash tag, and members sort as UTF-16 strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeys, decodeMember, encodeMember, escapeName, indexKeyList, unescapeName } from './keys.js';

/** Redis Cluster's rule: the text between the first "{" and the first "}" after it, when not empty. */
function hashTag(key: string): string {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

const anyText = fc.string({ unit: 'binary', maxLength: 12 });

describe('key layout', () => {
  it('escapes names reversibly, without "%{}:" or lone surrogates left bare', () => {
    fc.assert(
      fc.property(anyText, (name) => {
        const escaped = escapeName(name);
        expect(unescapeName(escaped)).toBe(name);
        expect(escaped).not.toMatch(/[{}:]/);
        expect(Buffer.from(escaped, 'utf8').toString('utf8')).toBe(escaped);
      }),
    );
  });

  it('puts all of a user in one hash tag and all of an account in another, apart for any ids', () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        anyText,
        (account, userId, streak) => {
          const keys = accountKeys('kl', account);
          const user = [...Object.values(keys.user(userId)), ...Object.values(keys.outbox.user(userId))];
          const shared = [
            keys.schema,
            keys.users,
            keys.outbox.users,
            keys.outbox.heard,
            ...indexKeyList(keys.index(streak)),
          ];
          expect(new Set(user.map(hashTag)).size).toBe(1);
          expect(new Set(shared.map(hashTag)).size).toBe(1);
          expect(hashTag(user[0]!)).not.toBe(hashTag(shared[0]!));
          expect(hashTag(user[0]!)).toBe(`${escapeName(account)}:${escapeName(userId)}`);
        },
      ),
    );
  });

  it('never gives two (account, user) pairs the same keys', () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        (a1, u1, a2, u2) => {
          fc.pre(a1 !== a2 || u1 !== u2);
          expect(accountKeys('kl', a1).user(u1).state).not.toBe(accountKeys('kl', a2).user(u2).state);
        },
      ),
    );
    expect(accountKeys('kl', 'a:b').user('c').state).not.toBe(accountKeys('kl', 'a').user('b:c').state);
  });

  it('encodes members so that byte order is UTF-16 order, and decodes them back', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(decodeMember(encodeMember(a), 'k')).toBe(a);
        const bytes = Buffer.compare(Buffer.from(encodeMember(a)), Buffer.from(encodeMember(b)));
        expect(Math.sign(bytes)).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });

  it('refuses a key prefix or account that would break the layout', () => {
    expect(() => accountKeys('k{l}', 'a')).toThrow(/keyPrefix/);
    expect(() => accountKeys('', 'a')).toThrow(/keyPrefix/);
    expect(() => accountKeys('kl', '')).toThrow(/account/);
  });
});
