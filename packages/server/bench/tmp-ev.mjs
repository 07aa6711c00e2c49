import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
const USERS = 10000;
const bodies = Array.from({ length: USERS }, (_, u) => JSON.stringify({ user: { id: `user-${u}`, tz: 'Europe/Paris' }, value: 1 }));
const dir = mkdtempSync(join(process.env.DIR || '/tmp', 'kb-'));
const mode = process.argv[2] || 'kindling';
const child = fork(new URL('./bench-servers.mjs', import.meta.url).pathname, [mode], { env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', KINDLING_RATE_LIMIT: '10000000', KINDLING_RATE_BURST: '10000000', KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: join(dir, 'none') }, execArgv: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : process.env.NODEFLAGS ? process.env.NODEFLAGS.split(' ') : [] });
const ready = await new Promise((r) => child.once('message', r));
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
let i = 0;
const path = mode === 'kindling' ? '/v1/metrics/lessons/event' : '/bare/lessons/event';
const run = (opts) => autocannon({ url: ready.url, connections: 50, ...opts, headers: { 'content-type': 'application/json', 'x-api-key': ready.appKey ?? 'x' }, requests: [{ method: 'POST', path, setupRequest: (r) => ({ ...r, body: bodies[i++ % USERS] }) }] });
await run({ amount: USERS });
for (let k = 0; k < Number(process.env.N || 1); k++) {
const c0 = cpu(); const t0 = Date.now();
const r = await run({ duration: Number(process.env.SECS || 8) });
const c1 = cpu(); const t1 = Date.now();
console.log(mode, process.env.KINDLING_SQLITE_SYNC || 'default', `rps ${r.requests.average} p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx} cpu ${((c1 - c0) / ((t1 - t0) / 1000) * 100).toFixed(0)}%`);
}
child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); rmSync(dir, { recursive: true, force: true });
