/**
 * Random HTTP requests for the fuzz test: the real routes with random segments, random unicode,
 * very long and percent-encoded garbage paths; random keys, content types and Idempotency-Keys;
 * random Tenant-ID headers (a tenant that exists, names of prototype members, too long, tabs),
 * random JSON, near-valid event bodies with one field broken, invalid UTF-8, truncated and deeply
 * nested JSON, admin points bodies with hostile values (1e308 points, multipliers of 1, `__proto__`
 * members, 10,000 triggers) sent to a points system that exists. Each request lists the user ids it
 * names, so that the test can snapshot them.
 */
import fc from 'fast-check';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
  /** user ids the request names (in its path or body), whose state a rejection must leave alone */
  users: string[];
}

export const USER_POOL = ['ada', 'bob', 'cy', 'dee'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

const ascii = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

const userId = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...USER_POOL) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 250, max: 260 }).map((n) => 'u'.repeat(n)) },
  { weight: 1, arbitrary: fc.constant('') },
);

/** A path segment: an encoded user id, unencoded unicode, percent garbage or a very long run. */
const segment = fc.oneof(
  { weight: 5, arbitrary: userId.map((id) => ({ text: encodeURIComponent(id), id })) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => ({ text: s, id: s })) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: fc.constantFrom(...'%0123456789abcdefAFXZ/.~'), maxLength: 24 })
      .map((s) => ({ text: s, id: null })),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 40_000 }).map((n) => ({ text: 'a'.repeat(n), id: null })) },
);

const metricKey = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ text: 'lessons', id: null }) },
  { weight: 3, arbitrary: segment },
);

/** A local date around the test's day, often enough a valid range's end; or anything a query may hold. */
const dateValue = fc.oneof(
  fc
    .integer({ min: -500, max: 500 })
    .map((days) => new Date(Date.UTC(2026, 2, 2) + days * 86_400_000).toISOString().slice(0, 10)),
  fc.constantFrom('2026-02-30', '2026-3-1', '99999-01-01'),
);

const queryValue = fc.oneof(
  fc.integer({ min: -5, max: 400 }).map(String),
  ascii(12).map(encodeURIComponent),
  fc.constant(''),
  fc.constant('1e3'),
);

/** A route of the server (or none) with random parts, and the method it answers to. */
const target = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('/api', '/v1'), metricKey)
      .map(([base, key]) => ({ method: 'POST', url: `${base}/metrics/${key.text}/event`, ids: [] as string[] })),
  },
  fc.tuple(segment, fc.option(queryValue)).map(([user, q]) => ({
    method: 'GET',
    url: `/v1/users/${user.text}/streak${q === null ? '' : `?historyPeriods=${q}`}`,
    ids: user.id === null ? [] : [user.id],
  })),
  fc.tuple(fc.constantFrom('GET', 'PUT', 'PATCH'), segment).map(([method, user]) => ({
    method,
    url: `/v1/users/${user.text}`,
    ids: user.id === null ? [] : [user.id],
  })),
  fc.constant({ method: 'POST', url: '/v1/users', ids: [] as string[] }),
  fc.tuple(fc.constantFrom('GET', 'PATCH'), segment).map(([method, user]) => ({
    method,
    url: `/v1/users/${user.text}/preferences`,
    ids: user.id === null ? [] : [user.id],
  })),
  fc.tuple(segment, queryValue).map(([user, q]) => ({
    method: 'GET',
    url: `/v1/users/${user.text}/achievements?includeIncomplete=${q}`,
    ids: user.id === null ? [] : [user.id],
  })),
  fc.tuple(segment, fc.option(segment)).map(([user, key]) => ({
    method: 'GET',
    url: `/v1/users/${user.text}/metrics${key === null ? '' : `/${key.text}`}`,
    ids: user.id === null ? [] : [user.id],
  })),
  fc
    .tuple(
      segment,
      segment,
      fc.constantFrom('daily', 'weekly', 'monthly', 'yearly', ''),
      fc.oneof(dateValue, queryValue),
      dateValue,
    )
    .map(([user, key, aggregation, from, to]) => ({
      method: 'GET',
      url: `/v1/users/${user.text}/metrics/${key.text}/event-summary?aggregation=${aggregation}&startDate=${from}&endDate=${to}`,
      ids: user.id === null ? [] : [user.id],
    })),
  fc
    .tuple(segment, fc.constantFrom('points/xp', 'leaderboards/top', 'wrapped', 'points/xp/boosts'))
    .map(([user, rest]) => ({
      method: 'GET',
      url: `/v1/users/${user.text}/${rest}`,
      ids: user.id === null ? [] : [user.id],
    })),
  fc
    .tuple(
      fc.oneof(fc.constant({ text: 'xp' }), segment),
      fc.oneof(queryValue, fc.constantFrom('plan:pro', '__proto__:x,constructor:y', 'a:b,c', ':x', 'a:%00')),
    )
    .map(([key, attributes]) => ({
      method: 'GET',
      url: `/v1/points/${key.text}/summary?userAttributes=${attributes}`,
      ids: [] as string[],
    })),
  fc.oneof(fc.constant({ text: 'xp' }), segment).map((key) => ({
    method: 'GET',
    url: `/v1/points/${key.text}/level-summary`,
    ids: [] as string[],
  })),
  fc
    .tuple(
      fc.oneof(fc.constant({ text: 'top' }), segment),
      fc.oneof(queryValue, fc.constantFrom('1e308', '0', '-1', '-5', '1001', 'NaN')),
      fc.oneof(queryValue, fc.constantFrom('2026-02-29', '1999-12-31', 'today')),
      fc.option(userId),
      fc.oneof(queryValue, fc.constantFrom('plan:pro', '__proto__:x', 'a:b,c')),
    )
    .map(([key, number, run, user, attributes]) => ({
      method: 'GET',
      url: `/v1/leaderboards/${key.text}?offset=${number}&limit=${number}&run=${run}&userAttributes=${attributes}${user === null ? '' : `&userId=${encodeURIComponent(user)}`}`,
      ids: user === null ? [] : [user],
    })),
  fc.option(fc.oneof(queryValue, fc.constantFrom('true', 'false', '1'))).map((finished) => ({
    method: 'GET',
    url: `/v1/leaderboards${finished === null ? '' : `?includeFinished=${finished}`}`,
    ids: [] as string[],
  })),
  fc.constant({ method: 'GET', url: '/v1/achievements', ids: [] as string[] }),
  segment.map((key) => ({ method: 'POST', url: `/v1/achievements/${key.text}/complete`, ids: [] as string[] })),
  fc
    .array(userId, { maxLength: 120 })
    .map((ids) => ({ method: 'GET', url: `/v1/streaks?userIds=${ids.map(encodeURIComponent).join(',')}`, ids })),
  fc
    .tuple(
      fc.constantFrom(...METHODS),
      fc.constantFrom(
        'metrics',
        'metrics/events',
        'attributes',
        'streak',
        'streak/rebuild',
        'keys',
        'achievements',
        'users',
        'session',
        'account',
        'accounts',
        'streaks/freezes',
        'streaks/pauses',
        'streaks/restore',
        'analytics/streaks',
        'analytics/points',
        'leaderboards',
        'points',
        'tenants',
        'application-api-keys',
      ),
      fc.option(segment),
    )
    .map(([method, what, rest]) => ({
      method,
      url: `/admin/v1/${what}${rest === null ? '' : `/${rest.text}`}`,
      ids: what === 'users' && rest?.id ? [rest.id] : ([] as string[]),
    })),
  fc
    .tuple(
      fc.option(fc.oneof(queryValue, fc.constantFrom('1e308', '0', '-1', '101'))),
      fc.option(
        fc.oneof(
          userId,
          fc.integer({ min: 250, max: 20_000 }).map((n) => 'a'.repeat(n)),
        ),
      ),
      fc.option(
        fc.oneof(
          userId,
          fc.constantFrom('%', '_', '%25', '__proto__', 'constructor', '.*', 'ADA@', 'é'),
          fc.integer({ min: 250, max: 20_000 }).map((n) => 's'.repeat(n)),
        ),
      ),
    )
    .map(([limit, after, search]) => {
      const query = [
        limit === null ? null : `limit=${limit}`,
        after === null ? null : `after=${encodeURIComponent(after)}`,
        search === null ? null : `search=${encodeURIComponent(search)}`,
      ].filter((part) => part !== null);
      return { method: 'GET', url: `/admin/v1/users?${query.join('&')}`, ids: [] as string[] };
    }),
  fc
    .constantFrom('/healthz', '/readyz', '/openapi.json', '/', '/%', '/%%', '/..%2f..%2fetc%2fpasswd')
    .map((url) => ({ method: 'GET', url, ids: [] as string[] })),
  segment.map((s) => ({ method: 'GET', url: `/${s.text}`, ids: [] as string[] })),
);

const apiKey = (keys: { app: string; admin: string }) =>
  fc.oneof(
    { weight: 14, arbitrary: fc.constant(keys.app) },
    { weight: 2, arbitrary: fc.constant(keys.admin) },
    { weight: 1, arbitrary: ascii(80) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(keys.app.slice(0, -1)) },
  );

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      '',
    ),
  },
  { weight: 1, arbitrary: ascii(40) },
  { weight: 1, arbitrary: fc.constant(null) },
);

// Mostly one key, so that a recorded event is often sent again and replayed (202): the bodies of the
// other routes make events rarer, and with two keys a run could end without a single replay.
const idempotencyKey = fc.option(
  fc.oneof(
    { weight: 4, arbitrary: fc.constant('k-1') },
    fc.constant('k-2'),
    ascii(20),
    fc.integer({ min: 0, max: 300 }).map((n) => 'k'.repeat(n)),
  ),
  { freq: 3 },
);

/** The tenant the fuzz test makes (FUZZ_TENANT), and values no tenant has or a header cannot name one with. */
export const FUZZ_TENANT = 'fuzz-tenant';
// On one request in five: most requests go to the account's own users, so that replays and the other answers stay common.
const tenantId = fc.oneof(
  { weight: 8, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom(FUZZ_TENANT, '__proto__', 'constructor', 'nope', '', 'a\tb') },
  {
    weight: 1,
    arbitrary: fc.oneof(
      ascii(20),
      fc.integer({ min: 250, max: 300 }).map((n) => 't'.repeat(n)),
    ),
  },
);

/** An event body with exactly one field broken (or none). */
const nearValidEvent = fc
  .record({
    id: userId,
    tz: fc.option(fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York')),
    value: fc.double({ min: -100, max: 100, noNaN: true }),
  })
  .chain(({ id, tz, value }) => {
    const good = { user: { id, ...(tz !== null ? { tz } : {}) }, value };
    const broken = fc.constantFrom<(b: any) => unknown>(
      (b) => ({ ...b, user: { ...b.user, id: undefined } }),
      (b) => ({ ...b, user: { ...b.user, id: 42 } }),
      (b) => ({ ...b, user: null }),
      (b) => ({ ...b, user: 'ada' }),
      (b) => ({ ...b, user: { ...b.user, tz: 'Mars/Olympus_Mons' } }),
      (b) => ({ ...b, user: { ...b.user, tz: 7 } }),
      (b) => ({ ...b, user: { ...b.user, tz: 'x'.repeat(100) } }),
      (b) => ({ ...b, user: { ...b.user, email: 'e'.repeat(400) } }),
      (b) => ({ ...b, value: undefined }),
      (b) => ({ ...b, value: '1' }),
      (b) => ({ ...b, value: null }),
      (b) => ({ ...b, value: [1] }),
      (b) => ({ ...b, attributes: 'x' }),
      (b) => ({ ...b, __proto__x: 1, constructor: { prototype: { polluted: true } } }),
    );
    const same = fc.constant((b: unknown) => b);
    return fc
      .oneof({ weight: 3, arbitrary: same }, { weight: 2, arbitrary: broken })
      .map((breakIt) => ({ text: JSON.stringify(breakIt(good)), ids: [id] }));
  });

/** An admin achievements body (create or change) with hostile fields: composites, badges, statuses. */
const nearValidAchievements = fc
  .array(
    fc.record(
      {
        id: fc.constantFrom('nope', '__proto__', 'x'.repeat(300)),
        name: fc.constantFrom('A', '', ' ', 'n'.repeat(300)),
        key: fc.constantFrom('a', 'constructor', '__proto__', 'no spaces'),
        trigger: fc.constantFrom('api', 'achievement', 'metric', 'streak', 'points'),
        prerequisites: fc.oneof(
          fc.constant([] as string[]),
          fc.array(fc.constantFrom('a', '__proto__', 'constructor', 'nope', ''), { maxLength: 60 }),
          fc.constant('a'),
        ),
        badgeUrl: fc.constantFrom(
          null,
          'https://cdn.example.com/b.png',
          'http://cdn.example.com/b.png',
          'javascript:alert(1)',
          `https://x.example/${'a'.repeat(2100)}`,
          7,
        ),
        status: fc.constantFrom('active', 'inactive', 'locked', 'archived', ''),
        threshold: fc.constantFrom(1, 1e308, -1e308, 0, '1'),
        streakLength: fc.constantFrom(1, 0, 1.5, 1e308),
        metric: fc.constantFrom('lessons', '__proto__', 'x'.repeat(300)),
        eventAttributes: fc.constantFrom(
          [{ key: 'device', value: 'ios' }],
          [{ key: '__proto__', value: 'x' }],
          [
            { key: 'device', value: 'a' },
            { key: 'device', value: 'b' },
          ],
          [{ key: 'device', value: 'v'.repeat(2000) }],
          Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, value: 'x' })),
          null,
          'device',
        ),
      },
      { requiredKeys: [] },
    ),
    { maxLength: 4 },
  )
  .map((items) => ({ text: JSON.stringify(items), ids: [] as string[] }));

/** A user body (identify) with exactly one field broken (or none). */
const nearValidUser = fc
  .record({
    id: userId,
    name: fc.option(fc.string({ unit: 'grapheme', maxLength: 20 })),
    attributes: fc.option(fc.dictionary(fc.constantFrom('plan', 'team', 'constructor', 'toString', ''), ascii(8))),
    deviceTokens: fc.option(fc.array(ascii(10), { maxLength: 25 })),
  })
  .chain((good) => {
    const broken = fc.constantFrom<(b: any) => unknown>(
      (b) => ({ ...b, tz: 'Mars/Olympus_Mons' }),
      (b) => ({ ...b, subscribeToEmails: 'yes' }),
      (b) => ({ ...b, attributes: { plan: 1e308 } }),
      (b) => ({ ...b, attributes: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, 'x'])) }),
      (b) => ({ ...b, name: 'n'.repeat(20_000) }),
      (b) => ({ ...b, deviceTokens: 'token' }),
      (b) => ({ ...b, email: 42 }),
    );
    const same = fc.constant((b: unknown) => b);
    return fc
      .oneof({ weight: 2, arbitrary: same }, { weight: 3, arbitrary: broken })
      .map((breakIt) => ({ text: JSON.stringify(breakIt(good)), ids: [good.id] }));
  });

/** A preferences body (PATCH /v1/users/:id/preferences), valid or with one field broken. */
const preferencesBody = fc
  .record({
    notifications: fc.option(
      fc.dictionary(
        fc.constantFrom('recap', 'streak_reminder', 'weekly', '__proto__', 'constructor'),
        fc.array(fc.constantFrom('email', 'push', 'sms'), { maxLength: 3 }),
      ),
      { nil: undefined },
    ),
    streak: fc.option(
      fc.record(
        {
          enabled: fc.oneof(fc.boolean(), fc.constant('no')),
          evaluationMode: fc.constantFrom('OR', 'AND', 'XOR'),
          metrics: fc.array(
            fc.record({
              key: fc.constantFrom('lessons', 'minutes', ''),
              threshold: fc.oneof(fc.integer({ min: -2, max: 20 }), fc.constant(1e308)),
            }),
            { maxLength: 3 },
          ),
        },
        { requiredKeys: [] },
      ),
      { nil: undefined },
    ),
  })
  .map((b) => ({ text: JSON.stringify(b), ids: [] as string[] }));

/** A path of the admin points API: of the system given (or a random one), its parts and their ids. */
const pointsTarget = (systemId: string) =>
  fc
    .tuple(
      fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
      fc.oneof({ weight: 4, arbitrary: fc.constant(systemId) }, { weight: 1, arbitrary: segment.map((x) => x.text) }),
      fc.constantFrom('', '/triggers', '/levels', '/boosts'),
      fc.option(
        fc.oneof(
          segment.map((x) => `/${x.text}`),
          fc.constantFrom('?ids=nope', `?ids=${systemId}`, '?ids=__proto__'),
        ),
      ),
    )
    .map(([method, system, part, rest]) => ({
      method,
      url: part === '' && rest === null ? '/admin/v1/points' : `/admin/v1/points/${system}${part}${rest ?? ''}`,
      ids: [] as string[],
    }));

const hostileNumber = fc.constantFrom(1, 10, -5, 0, 2.5, 1e308, -1e308, 1e9 + 1, '1', null);

/** An admin points body (systems, triggers, levels or boosts, create or change) with hostile fields. */
const nearValidPoints = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .array(
        fc.record(
          {
            id: fc.constantFrom('nope', '__proto__', 'x'.repeat(300)),
            name: fc.constantFrom('XP', '', ' ', 'n'.repeat(300)),
            key: fc.constantFrom('xp', 'constructor', '__proto__', 'no spaces', 'k'.repeat(65)),
            type: fc.constantFrom('metric', 'achievement', 'streak', 'time', 'user_creation', 'points'),
            points: hostileNumber,
            status: fc.constantFrom('active', 'inactive', 'archived'),
            metricId: fc.constantFrom('nope', '__proto__'),
            metricThreshold: hostileNumber,
            streakLength: hostileNumber,
            timeUnit: fc.constantFrom('hours', 'days', 'weeks'),
            timeInterval: hostileNumber,
            maxPoints: hostileNumber,
            multiplier: fc.constantFrom(1, 2, 0, 100, 99.99, 1e308, -2),
            start: fc.constantFrom('2026-03-02', '2026-02-30', '', '2026-03-02T00:00:00Z'),
            end: fc.constantFrom('2026-03-01', '2026-04-01', null),
            rounding: fc.constantFrom('down', 'up', 'nearest', 'sideways'),
            userId: fc.constantFrom('ada', 'nobody', null, '__proto__'),
            userAttributes: fc.constantFrom(null, [], [{ attributeId: '__proto__', attributeValue: 'x' }]),
            badge: fc.constantFrom(null, { url: 'https://cdn.example.com/b.png' }, { url: 'javascript:alert(1)' }),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 4 },
      )
      .map((items) => ({ text: JSON.stringify(items), ids: [] as string[] })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        '[{"type":"user_creation","points":1,"__proto__":{"status":"active"}}]',
        '[{"name":"XP","key":"xp","__proto__":{"maxPoints":1}}]',
        '[{"name":"L","key":"l","points":0,"constructor":{"prototype":{"polluted":true}}}]',
      )
      .map((text) => ({ text, ids: [] as string[] })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(100, 101, 10_000).map((n) => ({
      text: JSON.stringify(Array.from({ length: n }, () => ({ type: 'user_creation', points: 1 }))),
      ids: [] as string[],
    })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(101, 10_000).map((n) => ({
      text: JSON.stringify([
        { name: 'XP', key: 'xp', triggers: Array.from({ length: n }, () => ({ type: 'time', points: 1 })) },
      ]),
      ids: [] as string[],
    })),
  },
);

const body = fc.oneof(
  { weight: 5, arbitrary: nearValidEvent },
  { weight: 1, arbitrary: preferencesBody },
  { weight: 2, arbitrary: nearValidUser },
  { weight: 1, arbitrary: nearValidAchievements },
  { weight: 2, arbitrary: nearValidPoints },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => ({ text: JSON.stringify(v) ?? 'null', ids: [] as string[] })) },
  {
    weight: 1,
    arbitrary: nearValidEvent.chain((b) =>
      fc.nat({ max: b.text.length }).map((n) => ({ text: b.text.slice(0, n), ids: [] as string[] })),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      text: Buffer.concat([
        Buffer.from('{"user":{"id":"'),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from(bytes),
        Buffer.from('"},"value":1}'),
      ]),
      ids: [] as string[],
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('1e999', '-1e999', '123456789012345678901234567890123', '0.0000000000000000000000000001e-400')
      .map((n) => ({ text: `{"user":{"id":"ada"},"value":${n}}`, ids: ['ada'] })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 20_000 }).map((depth) => ({
      text: `{"user":{"id":"ada"},"value":1,"attributes":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
      ids: ['ada'],
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 100, max: 30_000 })
      .map((depth) => ({ text: '['.repeat(depth) + ']'.repeat(depth), ids: [] as string[] })),
  },
  { weight: 1, arbitrary: fc.constant({ text: undefined, ids: [] as string[] }) },
);

/** Random requests with these keys; `pointsSystem` the id of a points system of the account, if any. */
export function fuzzRequest(keys: { app: string; admin: string; pointsSystem?: string }): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      target: fc.oneof(
        { weight: 12, arbitrary: target },
        { weight: 1, arbitrary: pointsTarget(keys.pointsSystem ?? 'none') },
      ),
      otherMethod: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
      ),
      key: apiKey(keys),
      contentType,
      idempotencyKey,
      tenantId,
      body,
    })
    .map(({ target: t, otherMethod, key, contentType: type, idempotencyKey: idem, tenantId: tenant, body: b }) => {
      const method = otherMethod ?? t.method;
      const headers: Record<string, string> = {};
      if (key !== null) headers['x-api-key'] = key;
      if (type !== null) headers['content-type'] = type;
      if (idem !== null) headers['idempotency-key'] = idem;
      if (tenant !== null) headers['tenant-id'] = tenant;
      const sendsBody = method !== 'GET' && method !== 'HEAD';
      return {
        method,
        url: t.url,
        headers,
        body: sendsBody ? b.text : undefined,
        users: [...t.ids, ...(sendsBody ? b.ids : [])],
      };
    });
}
