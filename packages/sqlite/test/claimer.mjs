// A separate OS process for the delivery queue's multi-process test: it imports the BUILT package
// (dist), opens the queue, and once the parent says "go" (so that every process claims at once)
// claims until nothing is left, and prints the ids it was handed as one JSON line.
//
// Its first line of input is its configuration, { file, now, limit, leaseMs }; it then prints
// "ready" and waits for a second line.
import { createInterface } from 'node:readline';

const root = new URL('../../../', import.meta.url);
const { sqliteDeliveryQueue } = await import(new URL('packages/sqlite/dist/index.js', root).href);

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const config = JSON.parse((await lines.next()).value);
const queue = sqliteDeliveryQueue(config.file);
process.stdout.write('ready\n');
await lines.next();
const claimed = [];
for (;;) {
  const deliveries = await queue.claim(config.now, config.limit, config.leaseMs);
  if (deliveries.length === 0) break;
  for (const delivery of deliveries) claimed.push(delivery.id);
  // as a relay sends what it claimed before it claims again: the others' claims come in between
  await new Promise((resolve) => setTimeout(resolve, 1));
}
await queue.close();
process.stdout.write(`${JSON.stringify(claimed)}\n`);
process.exit(0);
