import { describe, expect, it } from 'vitest';
import { parseSettings, SettingsError } from './settings.js';

describe('parseSettings', () => {
  it('starts on SQLite in ./data on port 3000 with a full sync when nothing is set', () => {
    const s = parseSettings({});
    expect(s).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: './data',
      redis: null,
      sqliteSync: 'full',
      redisPrefix: 'kl',
      cacheMs: 1000,
    });
    expect(s.readCacheBytes).toBe(32 * 1024 * 1024);
    expect(s.storeTimeoutMs).toBe(2000);
  });

  it('reads the store timeout in milliseconds', () => {
    expect(parseSettings({ KINDLING_STORE_TIMEOUT_MS: '750' }).storeTimeoutMs).toBe(750);
  });

  it("times out a request's headers after 10 s and the whole request after 30 s, keeps idle connections 72 s, and derives the connection cap when nothing is set", () => {
    expect(parseSettings({})).toMatchObject({
      timeouts: { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 72_000 },
      maxConnections: null,
    });
    const set = parseSettings({
      KINDLING_HEADERS_TIMEOUT_MS: '2000',
      KINDLING_REQUEST_TIMEOUT_MS: '4000',
      KINDLING_KEEP_ALIVE_TIMEOUT_MS: '5000',
      KINDLING_MAX_CONNECTIONS: '100',
    });
    expect(set).toMatchObject({
      timeouts: { headersMs: 2000, requestMs: 4000, keepAliveMs: 5000 },
      maxConnections: 100,
    });
  });

  it('lets flags win over the environment', () => {
    const s = parseSettings(
      { PORT: '4000', KINDLING_DATA_DIR: '/env', REDIS_URL: 'redis://a:1' },
      { port: '5000', data: '/flag', redis: 'redis://b:2' },
    );
    expect(s).toMatchObject({ port: 5000, dataDir: '/flag', redis: { url: 'redis://b:2' } });
  });

  it('reads a Redis Cluster from its seed nodes', () => {
    expect(parseSettings({ REDIS_CLUSTER_NODES: '127.0.0.1:7001, 127.0.0.1:7002' }).redis).toEqual({
      cluster: [
        { host: '127.0.0.1', port: 7001 },
        { host: '127.0.0.1', port: 7002 },
      ],
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ REDIS_CLUSTER_NODES: 'nohost' }, 'REDIS_CLUSTER_NODES'],
    [{ KINDLING_SQLITE_SYNC: 'off' }, 'KINDLING_SQLITE_SYNC'],
    [{ KINDLING_RATE_LIMIT: '0' }, 'KINDLING_RATE_LIMIT'],
    [{ KINDLING_READ_CACHE_MB: '-1' }, 'KINDLING_READ_CACHE_MB'],
    [{ KINDLING_OWNER_PASSWORD: 'short' }, 'KINDLING_OWNER_PASSWORD'],
    [{ REDIS_URL: 'redis://[::1' }, 'REDIS_URL'],
    [{ KINDLING_DATA_DIR: '' }, 'KINDLING_DATA_DIR'],
    [{ HOST: '' }, 'HOST'],
    [{ KINDLING_REDIS_PREFIX: 'has space' }, 'KINDLING_REDIS_PREFIX'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ KINDLING_STORE_TIMEOUT_MS: '0' }, 'KINDLING_STORE_TIMEOUT_MS'],
    [{ KINDLING_STORE_TIMEOUT_MS: '2s' }, 'KINDLING_STORE_TIMEOUT_MS'],
    [{ KINDLING_TRUST_PROXY: 'true' }, 'KINDLING_TRUST_PROXY'],
    [{ KINDLING_WEBHOOK_ALLOW_PRIVATE: 'yes' }, 'KINDLING_WEBHOOK_ALLOW_PRIVATE'],
    [{ KINDLING_TRUST_PROXY: '10.0.0.0/33' }, 'KINDLING_TRUST_PROXY'],
    [{ KINDLING_TRUST_PROXY: '10.0.0.1,proxy.example' }, 'KINDLING_TRUST_PROXY'],
    [{ KINDLING_HEADERS_TIMEOUT_MS: '0' }, 'KINDLING_HEADERS_TIMEOUT_MS'],
    [{ KINDLING_REQUEST_TIMEOUT_MS: 'soon' }, 'KINDLING_REQUEST_TIMEOUT_MS'],
    [{ KINDLING_HEADERS_TIMEOUT_MS: '5000', KINDLING_REQUEST_TIMEOUT_MS: '4000' }, 'KINDLING_HEADERS_TIMEOUT_MS'],
    [{ KINDLING_KEEP_ALIVE_TIMEOUT_MS: '0' }, 'KINDLING_KEEP_ALIVE_TIMEOUT_MS'],
    [{ KINDLING_MAX_CONNECTIONS: '0' }, 'KINDLING_MAX_CONNECTIONS'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => parseSettings(env)).toThrow(SettingsError);
    expect(() => parseSettings(env)).toThrow(name);
  });

  it('trusts no proxy unless told, and reads proxies as addresses, networks and named ranges', () => {
    expect(parseSettings({}).trustProxy).toEqual([]);
    expect(parseSettings({ KINDLING_TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.2 ,loopback,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses an owner password over 1,024 characters, which sign-in would never take', () => {
    expect(() => parseSettings({ KINDLING_OWNER_PASSWORD: 'x'.repeat(1025) })).toThrow(
      /KINDLING_OWNER_PASSWORD must be at least 8 characters long and at most 1024/,
    );
    expect(parseSettings({ KINDLING_OWNER_PASSWORD: 'x'.repeat(1024) }).ownerPassword).toHaveLength(1024);
  });

  it.each([
    [{ redis: 'redis://[::1' }, '--redis'],
    [{ data: '' }, '--data'],
    [{ host: '' }, '--host'],
  ])('refuses the flags %o with a message naming %s', (flags, name) => {
    expect(() => parseSettings({}, flags)).toThrow(SettingsError);
    expect(() => parseSettings({}, flags)).toThrow(name);
  });

  it('names the flag, not the variable, when the flag is wrong', () => {
    expect(() => parseSettings({ PORT: '3000' }, { port: 'x' })).toThrow('--port');
  });

  describe('metrics', () => {
    it('are off unless KINDLING_METRICS is 1', () => {
      expect(parseSettings({}).metrics).toBeNull();
      expect(parseSettings({ KINDLING_METRICS: '0', KINDLING_METRICS_TOKEN: 'a'.repeat(16) }).metrics).toBeNull();
      expect(parseSettings({ KINDLING_METRICS: '1', HOST: '127.0.0.1' }).metrics).toEqual({ token: null });
    });

    it('keep the token the scraper must send', () => {
      const token = 'abcDEF0123456789-._~+/==';
      expect(parseSettings({ KINDLING_METRICS: '1', KINDLING_METRICS_TOKEN: token }).metrics).toEqual({ token });
    });

    it.each(['0.0.0.0', '::', '10.0.0.5'])(
      'refuse to start open to anyone on %s, a listener not on loopback',
      (host) => {
        expect(() => parseSettings({ KINDLING_METRICS: '1', HOST: host })).toThrow(/KINDLING_METRICS_TOKEN/);
      },
    );

    it.each(['127.0.0.1', '127.8.9.1', '::1', 'localhost'])(
      'are served with no token on the loopback address %s',
      (host) => {
        expect(parseSettings({ KINDLING_METRICS: '1', HOST: host }).metrics).toEqual({ token: null });
      },
    );

    it.each(['short', 'with space in the token', `${'a'.repeat(20)}\n`, 'a'.repeat(513), `${'a'.repeat(20)}é`])(
      'refuse a token that is not 16 to 512 token characters, without showing it',
      (token) => {
        let message = '';
        try {
          parseSettings({ KINDLING_METRICS: '1', KINDLING_METRICS_TOKEN: token });
        } catch (error) {
          expect(error).toBeInstanceOf(SettingsError);
          message = (error as Error).message;
        }
        expect(message).toMatch(/^KINDLING_METRICS_TOKEN must be/);
        expect(message).not.toContain(token);
      },
    );

    it('name KINDLING_METRICS when it is neither 1 nor 0', () => {
      expect(() => parseSettings({ KINDLING_METRICS: 'yes' })).toThrow(/^KINDLING_METRICS must be 1 or 0/);
    });
  });
});
