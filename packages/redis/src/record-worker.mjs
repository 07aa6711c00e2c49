// A separate OS process that records events through the BUILT packages (packages/core/dist and
// packages/redis/dist), for the concurrency tests (S21). Config is argv[2] (JSON); commands come as
// JSON lines on stdin after it said {"ready": true}: {"events": [...]} → records them, `concurrency` at a time, and answers
// {"responses": [...]}; {"quit": true} → closes the store and exits. Failures answer {"error"}.
import { createInterface } from 'node:readline';
import { createEngine } from '@kindling/core';
import { redisStore } from '@kindling/redis';

const config = JSON.parse(process.argv[2]);
const store = redisStore({ ...config.deployment, keyPrefix: config.keyPrefix, account: config.account });
const engine = createEngine({
  store,
  streaks: config.streaks,
  clock: () => 0,
  ...(config.points ? { points: config.points } : {}),
});
const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

async function recordAll(events) {
  const responses = new Array(events.length);
  let next = 0;
  const lane = async () => {
    while (next < events.length) {
      const i = next++;
      responses[i] = await engine.record(events[i]);
    }
  };
  await Promise.all(Array.from({ length: config.concurrency }, lane));
  return responses;
}

// Connected (and the schema checked) before saying ready, so that the parent's "go" starts all at once.
await store.countUsers();
send({ ready: true });

for await (const text of createInterface({ input: process.stdin })) {
  const command = JSON.parse(text);
  if (command.quit) break;
  try {
    send({ responses: await recordAll(command.events) });
  } catch (error) {
    send({ error: `${error?.name}: ${error?.message}` });
  }
}
await store.close();
process.exit(0);
