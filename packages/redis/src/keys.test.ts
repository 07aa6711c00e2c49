/**
 * The key layout: names are escaped so that no id can end a hash tag early or make two names meet,
 * every key of a user (and of an account) has one hash tag, and members sort as UTF-16 strings.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountKeys, decodeMember, encodeMember, escapeName, indexKeyList, unescapeName } from './keys.js';
import { PARTITIONS, partitionNumber } from './partition.js';

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

  it("puts all of a user in one hash tag and each partition of an account's structures in another, apart for any ids", () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        anyText,
        (account, userId, streak) => {
          const keys = accountKeys('kl', account);
          const user = [...Object.values(keys.user(userId)), ...Object.values(keys.outbox.user(userId))];
          const partitionTags = keys.partitions.map((p) => {
            const shared = [
              p.users,
              p.registry.users,
              p.registry.heard,
              ...Object.values(p.activity),
              ...indexKeyList(p.index(streak)),
            ];
            expect(new Set(shared.map(hashTag)).size).toBe(1);
            return hashTag(p.users);
          });
          expect(new Set(user.map(hashTag)).size).toBe(1);
          expect(hashTag(user[0]!)).toBe(`${escapeName(account)}:${escapeName(userId)}`);
          // the schema's tag, the user's and the partitions' are all different
          const tags = [hashTag(keys.schema), hashTag(user[0]!), ...partitionTags];
          expect(new Set(tags).size).toBe(tags.length);
          expect(keys.partitionOf(userId)).toBe(keys.partitions[partitionNumber(userId)]);
        },
      ),
    );
  });

  it('never gives a partition of one account the tag of a user or of another account', () => {
    fc.assert(
      fc.property(
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        anyText.filter((s) => s.length > 0),
        (a1, a2, userId) => {
          const tags = new Set(accountKeys('kl', a1).partitions.map((p) => hashTag(p.users)));
          const other = accountKeys('kl', a2);
          expect(tags.has(hashTag(other.user(userId).state))).toBe(false);
          expect(tags.has(hashTag(other.schema))).toBe(false);
          if (a1 !== a2) for (const p of other.partitions) expect(tags.has(hashTag(p.users))).toBe(false);
        },
      ),
    );
  });

  it('chooses partitions from the user id alone, spread over all of them', () => {
    const counts = new Array<number>(PARTITIONS).fill(0);
    for (let i = 0; i < 16_000; i++) counts[partitionNumber(`user-${i}`)]! += 1;
    // 1,000 expected in each; a fair spread stays well within ±20 %
    expect(Math.min(...counts)).toBeGreaterThan(800);
    expect(Math.max(...counts)).toBeLessThan(1200);
    expect(partitionNumber('ann')).toBe(partitionNumber('ann'));
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
