// A receiver of Kindling's webhooks in plain Node (no dependencies): it checks both signatures,
// refuses a delivery signed more than five minutes ago, and handles each id once.
//
//   WEBHOOK_SECRET=whsec_... PORT=4000 node examples/webhook-receiver.mjs
//
// Answer 2xx quickly: anything else (or no answer within 10 s) is tried again later.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.WEBHOOK_SECRET ?? '';
if (!secret.startsWith('whsec_')) {
  console.error('WEBHOOK_SECRET must be the secret shown when the endpoint was made (whsec_...)');
  process.exit(1);
}
const TOLERANCE_SECONDS = 300;
// ids handled; a real receiver keeps them where it keeps what it does with them
const handled = new Set();

const equal = (a, b) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Why the delivery must be refused, or null when it is genuine and fresh. */
function problemWith(headers, raw) {
  // X-Trophy-Signature: base64 HMAC-SHA256 of the raw body, keyed with the whole secret
  const trophy = createHmac('sha256', secret).update(raw).digest('base64');
  if (!equal(headers['x-trophy-signature'] ?? '', trophy)) return 'bad X-Trophy-Signature';
  // Standard Webhooks: base64 HMAC-SHA256 of "<id>.<timestamp>.<body>", keyed with the bytes after whsec_
  const id = headers['webhook-id'] ?? '';
  const timestamp = headers['webhook-timestamp'] ?? '';
  if (!(Math.abs(Date.now() / 1000 - Number(timestamp)) <= TOLERANCE_SECONDS)) return 'signed too long ago';
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(raw).digest('base64');
  const signatures = (headers['webhook-signature'] ?? '').split(' ').map((s) => s.slice(s.indexOf(',') + 1));
  return signatures.some((s) => equal(s, expected)) ? null : 'bad webhook-signature';
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const raw = Buffer.concat(chunks);
    const problem = problemWith(req.headers, raw);
    if (problem !== null) {
      console.log(`refused: ${problem}`);
      res.writeHead(401).end();
      return;
    }
    const body = JSON.parse(raw.toString('utf8'));
    if (!handled.has(body.id)) {
      handled.add(body.id);
      console.log(`${body.type} ${body.user.id} ${body.timestamp} ${body.id}`);
    }
    res.writeHead(204).end();
  });
});
server.listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
