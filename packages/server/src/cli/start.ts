/**
 * `kindling start`: runs the service. The first start prints the keys (shown only then), the
 * starter metric and a curl line to record a first event; later starts print one line. Each says
 * where it listens as bound: on 0.0.0.0 or ::, every interface, with the loopback URL for a try on
 * this machine labelled as such (the curl line uses it). SIGTERM or
 * SIGINT stops gracefully (in-flight requests finish, counters are written, stores close); a second
 * signal, a second or more after the first, exits at once.
 */
import { existsSync } from 'node:fs';
import { DEFAULTS, VARIABLES, parseSettings } from '../settings.js';
import { STARTER_METRIC } from '../accounts/starter-rule.js';
import { startServer, type RunningServer } from '../server.js';
import { positionals } from './args.js';
import { beginCommand, type Command } from './command.js';
import { Output, type CliIo } from './output.js';
import { stoppable } from './stop-signals.js';

const FLAGS = { port: 'string', host: 'string', data: 'string', redis: 'string' } as const;

const HELP = `usage: kindling start [--port 3000] [--host 0.0.0.0] [--data ./data] [--redis redis://…]

Runs the HTTP service (API, /docs, dashboard). Stop it with Ctrl-C or SIGTERM: requests in flight
finish and counters are written before it exits. A second Ctrl-C (a second or more after the first)
exits without waiting.

  --port N      port to listen on (0 picks a free one)
  --host ADDR   address to listen on (default 0.0.0.0: every IPv4 interface; 127.0.0.1: this
                machine only)
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

/** Where the server listens: the address it is bound to, its port, and whether that is every interface. */
export interface Listening {
  host: string;
  port: number;
  everyInterface: boolean;
}

/** The socket's own address (not the settings'), so that what is printed is what is bound. */
export function listeningOf(server: RunningServer): Listening {
  const bound = server.app.server.address();
  if (bound === null || typeof bound === 'string') return { host: String(bound), port: 0, everyInterface: false };
  return {
    host: bound.address,
    port: bound.port,
    everyInterface: bound.address === '0.0.0.0' || bound.address === '::',
  };
}

/**
 * The first words of the banner: the address it is bound to, which for 0.0.0.0 or :: is every
 * interface (reachable from other machines at this one's addresses), with the loopback URL for a
 * try on this machine, named as such; a single address is the URL itself.
 */
export function whereLines(server: RunningServer): string[] {
  const at = listeningOf(server);
  if (!at.everyInterface) return [`Kindling is running at ${server.url}`];
  const which = at.host === '::' ? 'every interface' : 'every IPv4 interface';
  return [
    `Kindling is listening on ${which} (${at.host}, port ${at.port})`,
    `  from other machines: http://<an address of this machine>:${at.port}`,
    `  on this machine (loopback): ${server.url}`,
  ];
}

/** What a first start tells the operator, line by line. */
export function firstStartLines(server: RunningServer): string[] {
  const first = server.firstStart;
  if (first === null) return [];
  const url = server.url;
  const event = JSON.stringify({ user: { id: 'user-1', tz: 'Europe/Berlin' }, value: 1 });
  const [head, ...rest] = whereLines(server);
  return [
    `${head} (first start: data in ${server.ctx.backend.where})`,
    ...rest,
    '',
    'Your keys, shown only now; keep them somewhere safe:',
    `  admin key        ${first.adminKey.key}   (everything, incl. /admin/v1)`,
    `  application key  ${first.applicationKey.key}   (record events, read streaks)`,
    '',
    `Created the metric "lessons" and a daily streak over it (1 lesson a day). Record a first event${listeningOf(server).everyInterface ? ' from this machine' : ''}:`,
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

/** The one line of a later start. */
function laterStartLine(server: RunningServer): string {
  const [head, , local] = whereLines(server);
  const where = `(data in ${server.ctx.backend.where})`;
  return local === undefined ? `${head} ${where}` : `${head}; ${local.trim()} ${where}`;
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
      listening: listeningOf(server),
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
    () => (first === null ? laterStartLine(server) : firstStartLines(server)),
  );
  return server;
}

export const startCommand: Command = {
  name: 'start',
  summary: 'run the HTTP service (first start creates the account and prints its keys)',
  help: HELP,
  async run(argv, io) {
    const out = new Output(io, argv.includes('--json'));
    // Listening before the server starts: a stop that comes while it starts, or the instant it has
    // printed that it is up, is a clean stop and not the signal's default (the process killed).
    const stop = stoppable('finishing requests in flight and closing the stores', (text) => out.note(text));
    try {
      const server = await launch(argv, io);
      if (server === null) return 0;
      if (!stop.signal.aborted)
        await new Promise((resolve) => stop.signal.addEventListener('abort', resolve, { once: true }));
      return await server.close().then(
        () => {
          out.note('stopped');
          return 0;
        },
        (error: unknown) => {
          out.error(`stopping failed: ${error instanceof Error ? error.message : String(error)}`, 'STOP_FAILED');
          return 1;
        },
      );
    } finally {
      stop.off();
    }
  },
};
