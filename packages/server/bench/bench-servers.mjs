// @ts-check
// The servers of bench:http, each in a child process of its own (forked by http.bench.mjs), so that
// the load generator's CPU is not the server's:
//
//   bench-servers.mjs kindling   the BUILT server (@kindling/server's dist), settings from the environment;
//                                asked { profile: 'start' } over IPC, starts V8's CPU profiler on its
//                                main thread and answers { profiling: true }; asked { profile: 'stop' },
//                                answers { profile } (the .cpuprofile object); { allocations: 'start' |
//                                'stop' } likewise with V8's sampling heap profiler
//   bench-servers.mjs receiver   a webhook receiver: answers every POST 204 and counts them; asked
//                                { count: true } over IPC, answers { received }
//   bench-servers.mjs bare       a bare Fastify: POST /bare/:key/event parses the JSON body and answers
//                                a small JSON; GET /bare/users/:id/streak answers a small JSON;
//                                GET /bare-bytes/users/:id/streak?…, …/metrics/:key/event-summary?… and
//                                …/points/:key send the bytes the parent prepared
//                                for that very URL (what Kindling answered for it), with its headers
//
// Each tells its parent { url, appKey, adminKey } (the first start's keys, else null) over the IPC
// channel once it listens, and closes on SIGTERM. The bare server takes its prepared answers in a
// message { answers: [url, body][], headers } and answers { stored: <count> }; it answers the
// profile messages as the kindling server does, so that the two can be compared.
import { Session } from 'node:inspector/promises';
import Fastify from 'fastify';

/**
 * Answers { profile: 'start' | 'stop' } messages with the main thread's CPU profile of the span
 * between, and { allocations: 'start' | 'stop' } with V8's sampling heap profile of the span between
 * (every 32 KB allocated on average, the objects the collectors freed included).
 */
function answerProfiling() {
  const session = new Session();
  session.connect();
  process.on('message', async (/** @type {{ profile?: string, allocations?: string }} */ message) => {
    if (message.profile === 'start') {
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      process.send?.({ profiling: true });
    } else if (message.profile === 'stop') {
      const { profile } = await session.post('Profiler.stop');
      process.send?.({ profile });
    } else if (message.allocations === 'start') {
      await session.post('HeapProfiler.enable');
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 32_768,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      process.send?.({ sampling: true });
    } else if (message.allocations === 'stop') {
      const { profile } = await session.post('HeapProfiler.stopSampling');
      process.send?.({ allocations: profile });
    }
  });
}

async function startKindling() {
  const { parseSettings, startServer } = await import('@kindling/server');
  const server = await startServer(parseSettings(process.env));
  answerProfiling();
  return {
    url: server.url,
    appKey: server.firstStart?.applicationKey.key ?? null,
    adminKey: server.firstStart?.adminKey.key ?? null,
    close: () => server.close(),
  };
}

async function startReceiver() {
  const { createServer } = await import('node:http');
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(204).end();
    });
  });
  process.on('message', () => process.send?.({ received }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    appKey: null,
    adminKey: null,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

async function startBare() {
  const app = Fastify({ bodyLimit: 64 * 1024, logger: false });
  app.post('/bare/:key/event', async (request, reply) => {
    const params = /** @type {{ key: string }} */ (request.params);
    const body = /** @type {{ user?: { id?: string }, value?: number } | undefined} */ (request.body);
    return reply
      .code(201)
      .send({ ok: true, key: params.key, user: body?.user?.id ?? null, value: body?.value ?? null });
  });
  app.get('/bare/users/:id/streak', async (request) => {
    const params = /** @type {{ id: string }} */ (request.params);
    const query = /** @type {{ historyPeriods?: string }} */ (request.query);
    return { ok: true, user: params.id, historyPeriods: Number(query.historyPeriods ?? 7) };
  });
  /** @type {Map<string, Buffer>} */
  const prepared = new Map();
  let contentType = 'application/json; charset=utf-8';
  let vary = '';
  process.on('message', (/** @type {{ answers?: [string, string][], headers: Record<string, string> }} */ message) => {
    if (message.answers === undefined) return;
    for (const [url, body] of message.answers) prepared.set(url, Buffer.from(body));
    contentType = message.headers['content-type'] ?? contentType;
    vary = message.headers.vary ?? '';
    process.send?.({ stored: prepared.size });
  });
  // Sent as Kindling's read sends a kept answer: within the request's turn (no promise), its two
  // content headers set one at a time, the bytes as they are. What the two servers differ by is
  // then Kindling's own work: authentication, validation, the kept answer's check.
  /** @type {import('fastify').RouteHandlerMethod} */
  const sendPrepared = (request, reply) => {
    const bytes = prepared.get(request.url);
    if (bytes === undefined) {
      reply.code(404).send({ error: `nothing prepared for ${request.url}` });
      return;
    }
    reply.type(contentType).header('vary', vary).send(bytes);
  };
  answerProfiling();
  app.get('/bare-bytes/users/:id/streak', sendPrepared);
  app.get('/bare-bytes/users/:id/metrics/:key/event-summary', sendPrepared);
  app.get('/bare-bytes/users/:id/points/:key', sendPrepared);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, appKey: null, adminKey: null, close: () => app.close() };
}

const mode = process.argv[2];
const running =
  mode === 'kindling'
    ? await startKindling()
    : mode === 'bare'
      ? await startBare()
      : mode === 'receiver'
        ? await startReceiver()
        : null;
if (running === null) {
  console.error(`usage: bench-servers.mjs kindling|bare|receiver, got ${JSON.stringify(mode)}`);
  process.exit(2);
}
process.on('SIGTERM', () => {
  void running.close().finally(() => process.exit(0));
});
process.send?.({ url: running.url, appKey: running.appKey, adminKey: running.adminKey });
