import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress, webhookUrlProblem } from './target.js';

describe('webhook targets', () => {
  it('are public unicast addresses only', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:82a::200e'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254', // cloud metadata
      '100.64.0.1', // carrier-grade NAT
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1', // IPv4-mapped loopback
      '::ffff:10.0.0.1',
      '2002:0a00:0001::1', // 6to4 around 10.0.0.1
      '::127.0.0.1', // IPv4-compatible (deprecated ::/96) loopback
      '::a9fe:a9fe', // IPv4-compatible cloud metadata address
      '::10.0.0.1',
      '::8.8.8.8', // IPv4-compatible form of a public address: not a global IPv6 address either
      '100::1', // discard-only
      '3fff::1', // documentation
      'fe80::1%eth0', // scoped link-local, as a lookup may answer
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuse URLs that are not http(s), carry credentials or name an inward host, each saying why', () => {
    expect(webhookUrlProblem('https://hooks.example.com/kindling', false)).toBeNull();
    expect(webhookUrlProblem('ftp://hooks.example.com/', false)).toMatch(/http/);
    expect(webhookUrlProblem('hooks.example.com', false)).toMatch(/absolute/);
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', false)).toMatch(/password/);
    expect(webhookUrlProblem('http://127.0.0.1:8080/', false)).toMatch(/KINDLING_WEBHOOK_ALLOW_PRIVATE/);
    expect(webhookUrlProblem('http://[::1]/', false)).toMatch(/private, loopback/);
    expect(webhookUrlProblem('http://[::ffff:a9fe:a9fe]/', false)).toMatch(/private, loopback/);
    expect(webhookUrlProblem('http://localhost:3000/', false)).toMatch(/localhost/);
    expect(webhookUrlProblem('http://LOCALHOST./', false)).toMatch(/localhost/);
    expect(webhookUrlProblem('http://app.localhost./', false)).toMatch(/localhost/);
    expect(webhookUrlProblem('http://[::127.0.0.1]:3100/', false)).toMatch(/private, loopback/);
    expect(webhookUrlProblem('https://hooks.example.com:0/', false)).toMatch(/port/);
    expect(webhookUrlProblem(`https://example.com/${'a'.repeat(3000)}`, false)).toMatch(/2048/);
    expect(webhookUrlProblem('http://127.0.0.1:8080/', true)).toBeNull();
  });

  // The URL parser drops tabs and line breaks anywhere, and controls and spaces at the ends: such a
  // text would be shown to the owner as one URL and called as another.
  it.each([
    'https://hooks.example.com/\r\nX-Injected: 1',
    'https://hooks.example.com/a\tb',
    'https://hooks.example.com/\u0000',
    ' https://hooks.example.com/',
    'https://hooks.example.com/ ',
    'https://hooks.example.com/\u202eevil',
  ])('refuse a URL whose text the parser would change, %j', (text) => {
    expect(webhookUrlProblem(text, false)).toMatch(/control characters|spaces/);
  });

  describe('at delivery', () => {
    let receiver: Server;
    let port: number;
    beforeAll(async () => {
      receiver = createServer((_req, res) => res.end('ok'));
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      port = (receiver.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    const post = (allowPrivate: boolean) =>
      new Promise<string>((resolve, reject) => {
        const req = request({ host: 'localhost', port, method: 'POST', lookup: guardedLookup(allowPrivate) }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
        });
        req.on('error', reject);
        req.end('{}');
      });

    it('refuse a name that resolves inward before connecting', async () => {
      await expect(post(false)).rejects.toMatchObject({ code: 'WEBHOOK_TARGET_PRIVATE' });
    });

    it('connect to it when private targets are allowed', async () => {
      expect(await post(true)).toBe('200');
    });
  });
});
