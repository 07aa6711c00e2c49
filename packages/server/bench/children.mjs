// @ts-check
// What the HTTP benches share: the server children they fork (bench-servers.mjs: the built server,
// a bare Fastify, a webhook receiver), alternating blocks of two setups measured side by side,
// which give one ratio per pair, and the answers the bare server is given to send.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** @typedef {import('./load.mjs').Block} Block */
/** @typedef {{ rows: { server: Block[], baseline: Block[] }, ratios: number[] }} Comparison */

const SERVERS = fileURLToPath(new URL('./bench-servers.mjs', import.meta.url));

/** Settings every measured server runs with: quiet, on loopback, no rate limit in the way. */
export const QUIET = {
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  KINDLING_RATE_LIMIT: '10000000',
  KINDLING_RATE_BURST: '10000000',
};

/**
 * @typedef {object} Child
 * @property {string} url
 * @property {string | null} appKey  the first start's application key, if any
 * @property {string | null} adminKey  the first start's admin key, if any
 * @property {number} pid
 * @property {(message: unknown) => Promise<unknown>} ask  sends a message and waits for the answer
 * @property {() => Promise<void>} stop
 */

/** A child of bench-servers.mjs (`cpuProfDir`: run it with --cpu-prof into that folder), and how to talk to it and stop it. */
export async function forkServer(
  /** @type {'kindling' | 'bare' | 'receiver'} */ mode,
  /** @type {Record<string, string>} */ env = {},
  /** @type {string | null} */ cpuProfDir = null,
) {
  const child = fork(SERVERS, [mode], {
    env: { ...process.env, ...QUIET, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: cpuProfDir !== null ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** @type {{ url: string, appKey: string | null, adminKey: string | null }} */
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the ${mode} server exited with ${code} before listening`)));
  });
  if (child.pid === undefined) throw new Error(`the ${mode} server has no pid`);
  /** @type {Child} */
  const running = {
    ...ready,
    pid: child.pid,
    ask: (message) =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send(/** @type {import('node:child_process').Serializable} */ (message));
      }),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
  return running;
}

/**
 * `rounds` pairs of blocks of `server` and `baseline` (which goes first alternates per round), each
 * block reported through `progress`: the blocks and the ratio server / baseline of each pair.
 */
export async function alternate(
  /** @type {string} */ label,
  /** @type {() => Promise<Block>} */ server,
  /** @type {() => Promise<Block>} */ baseline,
  /** @type {number} */ rounds,
  /** @type {(line: string) => void} */ progress,
) {
  /** @type {Comparison} */
  const result = { rows: { server: [], baseline: [] }, ratios: [] };
  for (let round = 0; round < rounds; round++) {
    /** @type {('baseline' | 'server')[]} */
    const order = round % 2 === 0 ? ['baseline', 'server'] : ['server', 'baseline'];
    for (const which of order) {
      const last = await (which === 'server' ? server() : baseline());
      result.rows[which].push(last);
      progress(
        `${label} round ${round + 1}/${rounds} ${which}: ${Math.round(last.rps).toLocaleString('en-US')} req/s, p50 ${last.p50} ms, p99 ${last.p99} ms`,
      );
    }
    const [s, b] = [result.rows.server[round], result.rows.baseline[round]];
    if (s !== undefined && b !== undefined) result.ratios.push(s.rps / b.rps);
  }
  return result;
}

/**
 * What Kindling at `url` answers for each path (read with `key`, no compression asked), for the bare
 * server to send as prepared bytes (at the path under /bare-bytes/): the same bodies and the same
 * content headers, and their mean size.
 */
export async function answersOf(/** @type {string} */ url, /** @type {string} */ key, /** @type {string[]} */ paths) {
  /** @type {[string, string][]} */
  const answers = [];
  /** @type {Record<string, string>} */
  let headers = {};
  for (const path of paths) {
    const response = await fetch(new URL(path, url), {
      headers: { 'x-api-key': key, 'accept-encoding': 'identity' },
    });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    answers.push([path.replace('/v1/', '/bare-bytes/'), await response.text()]);
    headers = {
      'content-type': response.headers.get('content-type') ?? 'application/json',
      vary: response.headers.get('vary') ?? '',
    };
  }
  const bytes = answers.map(([, body]) => Buffer.byteLength(body));
  return { answers, headers, meanBytes: bytes.reduce((a, b) => a + b, 0) / bytes.length };
}
