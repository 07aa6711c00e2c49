import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
const USERS = 200;
const dir = mkdtempSync(join('/tmp', 'kr-'));
const child = fork(new URL('./bench-servers.mjs', import.meta.url).pathname, [process.env.BARE ? 'bare' : 'kindling'], { env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', KINDLING_RATE_LIMIT: '10000000', KINDLING_RATE_BURST: '10000000', KINDLING_DATA_DIR: dir, KINDLING_DASHBOARD_DIR: join(dir, 'none') }, execArgv: process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF}`] : [] });
const ready = await new Promise((r) => child.once('message', r));
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) / 100; };
if (!process.env.BARE) for (let u = 0; u < USERS; u++) await fetch(`${ready.url}/v1/metrics/lessons/event`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': ready.appKey }, body: JSON.stringify({ user: { id: `u${u}` }, value: 1 }) });
let i = 0;
const run = (headers, seconds) => autocannon({ url: ready.url, connections: 50, duration: seconds, headers: { 'x-api-key': ready.appKey, ...headers }, requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: `/${process.env.BARE ?? 'v1'}/users/u${i++ % USERS}/streak?historyPeriods=366` }) }] });
await run({ 'accept-encoding': 'gzip' }, 2); await run({}, 2);
for (const [name, h] of [...(process.env.ONLY ? [[process.env.ONLY, process.env.ONLY === 'gzip' ? { 'accept-encoding': 'gzip' } : {}], [process.env.ONLY, process.env.ONLY === 'gzip' ? { 'accept-encoding': 'gzip' } : {}]] : [['gzip', { 'accept-encoding': 'gzip, deflate' }], ['plain', {}], ['gzip', { 'accept-encoding': 'gzip, deflate' }], ['plain', {}]])]) {
  const c0 = cpu(), t0 = Date.now(), p0 = process.cpuUsage(); const r = await run(h, 6); const c1 = cpu(), t1 = Date.now(), p1 = process.cpuUsage(p0);
  console.log(name, `rps ${r.requests.average} p99 ${r.latency.p99} bytes/req ${(r.throughput.average / r.requests.average).toFixed(0)} cpu ${((c1 - c0) / ((t1 - t0) / 1000) * 100).toFixed(0)}% cpu us/req ${((c1 - c0) * 1e6 / r.requests.total).toFixed(0)} client cpu ${((p1.user + p1.system) / 1e4 / ((t1 - t0) / 1000)).toFixed(0)}%`);
}
child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); rmSync(dir, { recursive: true, force: true });
