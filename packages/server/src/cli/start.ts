/**
 * `kindling start`: runs the service. The first start prints the keys (shown only then), the
 * starter metric and a curl line to record a first event; later starts print one line. SIGTERM or
 * SIGINT stops gracefully (in-flight requests finish, counters are written, stores close); a second
 * signal, a second or more after the first, exits at once.
 */
import { existsSync } from 'node:fs';
import { DEFAULTS, VARIABLES, parseSettings } from '../settings.js';
import { STARTER_METRIC } from '../runtime/starter-rule.js';
import { startServer, type RunningServer } from '../server.js';
import { positionals } from './args.js';
import { beginCommand, type Command } from './command.js';
import { Output, type CliIo } from './output.js';
import { onStopSignal } from './stop-signals.js';

const FLAGS = { port: 'string', host: 'string', data: 'string', redis: 'string' } as const;

const HELP = `usage: kindling start [--port 3000] [--host 0.0.0.0] [--data ./data] [--redis redis://…]

Runs the HTTP service (API, /docs, dashboard). Stop it with Ctrl-C or SIGTERM: requests in flight
finish and counters are written before it exits. A second Ctrl-C (a second or more after the first)
exits without waiting.

  --port N      port to listen on (0 picks a free one)
  --host ADDR   address to listen on
  --data DIR    folder of the SQLite files
  --redis URL   keep everything in Redis instead (several servers may share it)
  --json        print the start (and on first start the keys) as one JSON document

Environment (flags win):
${Object.entries(VARIABLES)
  .map(([name, meaning]) => `  ${name.padEnd(24)} ${meaning}`)
  .join('\n')}`;

/** The CLI as it runs from a checkout of the repository (where `pnpm start` runs). */
const CHECKOUT_BIN = 'packages/server/bin/kindling.mjs';

/**
 * The `password set` command for the store this server uses, as the operator can paste it where
 * the server was started: through node from a checkout, else the installed `kindling`.
 */
export function passwordCommand(server: RunningServer): string {
  const cli = existsSync(CHECKOUT_BIN) ? `node ${CHECKOUT_BIN}` : 'kindling';
  const { redis, dataDir } = server.ctx.settings;
  const quoted = /^[\w./:@%+=,-]+$/.test(dataDir) ? dataDir : `'${dataDir.replaceAll("'", "'\\''")}'`;
  const where =
    redis !== null
      ? ' (with the same REDIS_URL or REDIS_CLUSTER_NODES)'
      : dataDir === DEFAULTS.KINDLING_DATA_DIR
        ? ''
        : ` --data ${quoted}`;
  return `${cli} password set${where}`;
}

/** What a first start tells the operator, line by line. */
export function firstStartLines(server: RunningServer): string[] {
  const first = server.firstStart;
  if (first === null) return [];
  const url = server.url;
  const event = JSON.stringify({ user: { id: 'user-1', tz: 'Europe/Berlin' }, value: 1 });
  return [
    `Kindling is running at ${url} (first start: data in ${server.ctx.backend.where})`,
    '',
    'Your keys, shown only now; keep them somewhere safe:',
    `  admin key        ${first.adminKey.key}   (everything, incl. /admin/v1)`,
    `  application key  ${first.applicationKey.key}   (record events, read streaks)`,
    '',
    'Created the metric "lessons" and a daily streak over it (1 lesson a day). Record a first event:',
    '',
    `  curl -X POST ${url}/api/metrics/lessons/event -H "X-API-KEY: ${first.applicationKey.key}" -H "Content-Type: application/json" -d '${event}'`,
    '',
    `Dashboard  ${url}/`,
    `API docs   ${url}/docs`,
    '',
    first.account.passwordHash === null
      ? `Sign in to the dashboard with the admin key, or set an owner password: ${passwordCommand(server)} (or KINDLING_OWNER_PASSWORD at first start).`
      : `The owner password from KINDLING_OWNER_PASSWORD is set; change it with: ${passwordCommand(server)}`,
  ];
}

/** Starts the server as the flags and environment say and prints how to reach it; the caller closes it. */
export async function launch(argv: readonly string[], io: CliIo): Promise<RunningServer | null> {
  const begun = beginCommand(argv, io, FLAGS, HELP);
  if (begun === null) return null;
  const { args, out } = begun;
  positionals(args, []);
  const settings = parseSettings(io.env, {
    port: args.strings.port,
    host: args.strings.host,
    data: args.strings.data,
    redis: args.strings.redis,
  });
  const server = await startServer(settings);
  const where = server.ctx.backend.where;
  const first = server.firstStart;
  out.result(
    {
      url: server.url,
      data: where,
      firstStart:
        first === null
          ? null
          : {
              accountId: first.account.id,
              adminKey: first.adminKey.key,
              applicationKey: first.applicationKey.key,
              metric: STARTER_METRIC.key,
              dashboard: `${server.url}/`,
              docs: `${server.url}/docs`,
            },
    },
    () => (first === null ? `Kindling is running at ${server.url} (data in ${where})` : firstStartLines(server)),
  );
  return server;
}

/** Resolves when the first SIGTERM or SIGINT has stopped the server; a later second signal exits at once. */
function stopOnSignal(server: RunningServer, out: Output): Promise<number> {
  return new Promise((resolve) => {
    const off = onStopSignal(
      (signal) => {
        out.note(`${signal}: finishing requests in flight and closing the stores…`);
        server.close().then(
          () => {
            off();
            out.note('stopped');
            resolve(0);
          },
          (error: unknown) => {
            out.error(`stopping failed: ${error instanceof Error ? error.message : String(error)}`, 'STOP_FAILED');
            resolve(1);
          },
        );
      },
      (text) => out.note(text),
    );
  });
}

export const startCommand: Command = {
  name: 'start',
  summary: 'run the HTTP service (first start creates the account and prints its keys)',
  help: HELP,
  async run(argv, io) {
    const server = await launch(argv, io);
    if (server === null) return 0;
    return stopOnSignal(server, new Output(io, argv.includes('--json')));
  },
};
