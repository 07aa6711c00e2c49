import { describe, expect, it } from 'vitest';
import { clientOf } from './client-address.js';

describe('clientOf', () => {
  it('counts an IPv4 address as itself, also when written as IPv6', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 network as one client, however it is written', () => {
    const one = clientOf('2001:db8:1:2::1');
    expect(one).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(one);
    expect(clientOf('2001:DB8:1:2:a:b:c:d%eth0')).toBe(one);
    expect(clientOf('2001:db8:1:3::1')).not.toBe(one);
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
    expect(clientOf('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('answers anything that is not an address as it is', () => {
    expect(clientOf('')).toBe('');
    expect(clientOf('__proto__')).toBe('__proto__');
  });
});
