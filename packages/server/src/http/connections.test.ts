import { describe, expect, it } from 'vitest';
import { connectionCap, openFileLimit } from './connections.js';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('openFileLimit', () => {
  it('reads the soft limit of open files from /proc/self/limits', () => {
    expect(openFileLimit(LIMITS)).toBe(1024);
  });

  it('says null when the limit is unlimited or not there', () => {
    expect(openFileLimit(LIMITS.replace('1024   ', 'unlimited'))).toBeNull();
    expect(openFileLimit('')).toBeNull();
  });
});

describe('connectionCap', () => {
  it('takes the cap that is set over the one derived', () => {
    expect(connectionCap(100, 1024)).toBe(100);
  });

  it('leaves an eighth of the open files, and at least 64, to everything but connections', () => {
    expect(connectionCap(null, 1024)).toBe(896);
    expect(connectionCap(null, 65_536)).toBe(57_344);
    expect(connectionCap(null, 256)).toBe(192);
    expect(connectionCap(null, 64)).toBe(1);
  });

  it('caps nothing when neither a setting nor the open-file limit is known', () => {
    expect(connectionCap(null, null)).toBeNull();
  });
});
