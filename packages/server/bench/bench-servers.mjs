// The servers of bench:http, each in a child process of its own (forked by http.bench.mjs), so that
// autocannon's CPU is not the server's:
//
//   bench-servers.mjs kindling   the BUILT server (../dist/index.js), settings from the environment
//   bench-servers.mjs bare       a bare Fastify: POST /bare/:key/event parses the JSON body and answers
//                                a small JSON; GET /bare/users/:id/streak answers a small JSON;
//                                GET /bare-bytes/users/:id/streak answers 37 KB prepared once
//
// Each tells its parent { url, appKey } (the first start's application key, else null) over the IPC channel once it listens, and closes on SIGTERM.
import Fastify from 'fastify';

async function startKindling() {
  const { parseSettings, startServer } = await import('../dist/index.js');
  const server = await startServer(parseSettings(process.env));
  return { url: server.url, appKey: server.firstStart?.applicationKey.key ?? null, close: () => server.close() };
}

async function startBare() {
  const app = Fastify({ bodyLimit: 64 * 1024, logger: false });
  app.post('/bare/:key/event', async (request, reply) => {
    const body = request.body;
    return reply.code(201).send({ ok: true, key: request.params.key, user: body?.user?.id ?? null, value: body?.value ?? null });
  });
  app.get('/bare/users/:id/streak', async (request) => ({ ok: true, user: request.params.id, historyPeriods: Number(request.query.historyPeriods ?? 7) }));
  // The same number of bytes as a 366-period streak answer, built once: what sending them costs alone.
  const sameBytes = Buffer.from(JSON.stringify({ streakHistory: Array.from({ length: 366 }, (_, i) => ({ periodStart: '2025-01-01', periodEnd: '2025-01-01', length: i, usedFreeze: false, usedPause: false })) }));
  app.get('/bare-bytes/users/:id/streak', async (_request, reply) => reply.type('application/json; charset=utf-8').send(sameBytes));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: address, appKey: null, close: () => app.close() };
}

const mode = process.argv[2];
const running = mode === 'kindling' ? await startKindling() : mode === 'bare' ? await startBare() : null;
if (running === null) {
  console.error(`usage: bench-servers.mjs kindling|bare, got ${JSON.stringify(mode)}`);
  process.exit(2);
}
process.on('SIGTERM', () => {
  void running.close().finally(() => process.exit(0));
});
process.send?.({ url: running.url, appKey: running.appKey });
