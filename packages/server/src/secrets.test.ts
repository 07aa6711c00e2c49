import { describe, expect, it } from 'vitest';
import { hashPassword, isApplicationKey, newKey, passwordStamp, verifyPassword } from './secrets.js';

describe('passwords', () => {
  it('verifies the password a hash was made from, and no other', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt:[\w-]+:[\w-]+$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuses a stored value that is not a hash of ours', async () => {
    for (const stored of ['', 'plain', 'scrypt:c2FsdA', 'scrypt:c2FsdA:c2hvcnQ', 'bcrypt:x:y'])
      expect(await verifyPassword('plain', stored)).toBe(false);
  });

  it('stamps each setting of a password apart, even of the same password', async () => {
    const [one, two] = [await hashPassword('same password'), await hashPassword('same password')];
    expect(passwordStamp(one)).toBe(passwordStamp(one));
    expect(passwordStamp(one)).not.toBe(passwordStamp(two));
  });

  it('checks passwords off the event loop: a timer keeps firing while eight checks run', async () => {
    const stored = await hashPassword('correct horse');
    let started = performance.now();
    await verifyPassword('x', stored);
    const oneCheck = performance.now() - started;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const at = performance.now();
      longestGap = Math.max(longestGap, at - last);
      last = at;
    }, 1);
    started = performance.now();
    await Promise.all(Array.from({ length: 8 }, () => verifyPassword('x', stored)));
    // Let the timer fire once more: a stretch that ended just now is a gap too.
    await new Promise((resolve) => setTimeout(resolve, 2));
    clearInterval(timer);
    // On the event loop, the eight would run one after another in one stretch of 8 checks' time.
    expect(longestGap).toBeLessThan(2 * oneCheck);
    expect(performance.now() - started).toBeGreaterThan(oneCheck);
  });
});

describe('keys', () => {
  it('tells an application key by its prefix', () => {
    expect(isApplicationKey(newKey('application').key)).toBe(true);
    expect(isApplicationKey(newKey('admin').key)).toBe(false);
  });
});
