/**
 * How long a connection may stay open without sending a request, and how many may be open at once.
 * A client that sends headers and then no body, or half a header line, or nothing, is closed once
 * its timeout passes (settings.ts); connections over the cap are closed as they arrive, so sockets
 * alone never take every file the process may open (its data files, Redis, new connections).
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Settings } from '../settings.js';

/** How often the server looks for requests past their timeouts: a slow socket lives at most this long past its timeout. */
export const CONNECTION_CHECK_MS = 1_000;

/** How often, at most, the log says that connections over the cap were closed. */
const DROP_LOG_EVERY_MS = 10_000;

/** The soft limit of open files from the text of /proc/self/limits, or null when it says none. */
export function openFileLimit(limits: string): number | null {
  const match = /^Max open files\s+(\d+|unlimited)\s/m.exec(limits);
  return match === null || match[1] === 'unlimited' ? null : Number(match[1]);
}

/** This process's soft limit of open files, where the system tells it (Linux); else null. */
export function readOpenFileLimit(): number | null {
  try {
    return openFileLimit(readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The cap on open connections: the one set, else seven eighths of the open-file limit (at least 64
 * files left for everything else), else none.
 */
export function connectionCap(setting: number | null, openFiles: number | null): number | null {
  if (setting !== null) return setting;
  if (openFiles === null) return null;
  return Math.max(1, openFiles - Math.max(64, Math.ceil(openFiles / 8)));
}

/** Node's http server options for the timeouts Fastify does not pass on. */
export function httpServerOptions(timeouts: Settings['timeouts']): {
  headersTimeout: number;
  connectionsCheckingInterval: number;
} {
  return { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: CONNECTION_CHECK_MS };
}

/** Caps the server's open connections; the log says (at most every 10 s) how many were closed over the cap. */
export function capConnections(server: Server, cap: number | null, log: FastifyBaseLogger): void {
  if (cap === null) return;
  server.maxConnections = cap;
  let dropped = 0;
  let loggedAt = 0;
  server.on('drop', () => {
    dropped++;
    const now = Date.now();
    if (now - loggedAt < DROP_LOG_EVERY_MS) return;
    log.warn(
      { dropped, cap },
      `closed ${dropped} connection(s) over the cap of ${cap} open at once (KINDLING_MAX_CONNECTIONS)`,
    );
    dropped = 0;
    loggedAt = now;
  });
}
