/**
 * Importing an NDJSON file of events into an account, idempotently and resumably: up to 16
 * records in flight, never two of the same user at once (each user's events in file order, S19).
 * The offset after the last line of an unbroken run of finished lines (the resume point,
 * import-progress.ts) is kept in `<file>.kindling-import.json` (import-resume.ts; at most every
 * 500 ms, and when stopped), read back by the next run if the file is still the same, and deleted
 * when the file is done. Aborting stops reading and waits for the records in flight.
 */
import { rmSync, type Stats, statSync } from 'node:fs';
import { KindlingError, StoreError } from '@kindling/core';
import { BODY_LIMIT } from '../http/body-limit.js';
import type { Backend } from '../backend/backend.js';
import { Engines } from '../engines/engines.js';
import { CommandError } from './args.js';
import { decodeImportLine, parseImportLine } from './import-line.js';
import { type FileLine, readLines } from './import-lines.js';
import { type ImportCounts, ImportProgress, type LineOutcome, type ReadLine } from './import-progress.js';
import { readResume, resumeFileOf, writeResume } from './import-resume.js';

/** A line is one event: it may be as long as the HTTP API takes one event's body to be. */
export const MAX_LINE_BYTES = BODY_LIMIT;

export interface ImportSummary extends ImportCounts {
  file: string;
  /** where this run began, when it went on from an earlier one */
  resumedFrom: { offset: number; line: number } | null;
  /** bytes of the file done (an unbroken run from its start), and its size */
  offset: number;
  size: number;
  /** lines done, counted from the start of the file */
  lines: number;
  /** false when stopped before the end (the resume file says where to go on) */
  complete: boolean;
}

export interface ImportOptions {
  backend: Backend;
  accountId: string;
  signal?: AbortSignal;
  concurrency?: number;
  /** called once the resume file was found and checked, before anything is read */
  onResume?: (from: { offset: number; line: number }) => void;
  onProgress?: (progress: { offset: number; size: number; lines: number; linesThisRun: number }) => void;
  clock?: () => number;
  /** how long the lines' idempotency keys answer (KINDLING_IDEMPOTENCY_HOURS); the core's default when absent */
  idempotencyRetentionMs?: number;
}

/** What `path` is when it is not a regular file, in words. */
function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

/**
 * The file to import, which must be a regular file: the import reads it by byte offset, and goes on
 * from one after an interruption, which a pipe cannot give (nor a directory anything).
 */
function checkImportable(path: string): Stats {
  const stats = statSync(path);
  if (stats.isFile()) return stats;
  if (stats.isDirectory())
    throw new CommandError(`${path} is a directory, not a regular file: give the path of an NDJSON file in it`);
  throw new CommandError(
    `${path} is ${kindOf(stats)}, not a regular file: an import reads its file by byte offset, so that it can go ` +
      'on where it stopped; save the stream to a file first (gunzip -c events.ndjson.gz > events.ndjson) and import that',
  );
}

/**
 * How far after the import's clock an event's `at` may lie (clocks of other machines run a little
 * ahead): an event later than that has not happened, and as events are never placed before a user's
 * latest date (S4) it would hold every later event of its user on that date.
 */
const FUTURE_SLACK_MS = 3_600_000;

export async function importFile(path: string, options: ImportOptions): Promise<ImportSummary> {
  const clock = options.clock ?? Date.now;
  const concurrency = options.concurrency ?? 16;
  const stats = checkImportable(path);
  const size = stats.size;
  const resumed = readResume(path, stats);
  if (resumed !== null) options.onResume?.({ offset: resumed.offset, line: resumed.line });
  const progress = new ImportProgress(size, resumed);
  const runtime = await new Engines(
    options.backend,
    Number.POSITIVE_INFINITY,
    clock,
    options.idempotencyRetentionMs,
  ).runtimeFor(options.accountId);

  const tails = new Map<string, Promise<void>>();
  let inFlight = 0;
  let wake: (() => void) | null = null;
  let fatal: unknown = null;
  let savedAt = clock();
  let saving: Promise<void> = Promise.resolve();
  let linesThisRun = 0;

  const save = async () => {
    writeResume(path, stats, progress.point);
  };
  /** Tells where the point is, and keeps it at most every 500 ms. */
  const reportProgress = () => {
    const { offset, line } = progress.point;
    options.onProgress?.({ offset, size, lines: line, linesThisRun });
    if (clock() - savedAt >= 500) {
      savedAt = clock();
      saving = saving.then(save).catch(() => {});
    }
  };
  const settle = (entry: ReadLine, outcome: LineOutcome) => {
    progress.finish(entry, outcome);
    reportProgress();
  };

  const start = async (entry: ReadLine, text: string) => {
    const event = parseImportLine(text);
    if ('problem' in event) return settle(entry, { kind: 'rejected', reason: event.problem });
    if (event.at !== undefined && event.at > clock() + FUTURE_SLACK_MS)
      return settle(entry, {
        kind: 'rejected',
        reason: `at ${new Date(event.at).toISOString()} is more than an hour after this import's clock (${new Date(clock()).toISOString()}): an event cannot have happened yet, and its date would hold every later event of its user (S4)`,
      });
    const metric = runtime.metricsByKey.get(event.metric);
    if (metric?.status === 'archived')
      return settle(entry, {
        kind: 'rejected',
        reason: `the metric ${JSON.stringify(event.metric)} is archived and takes no events`,
      });
    inFlight++;
    const previous = tails.get(event.userId) ?? Promise.resolve();
    const run = previous.then(async () => {
      if (fatal !== null) return;
      try {
        const result = await runtime.engine.record({
          userId: event.userId,
          metric: event.metric,
          value: event.value as number,
          tz: event.tz,
          email: event.email,
          at: event.at,
          idempotencyKey: event.idempotencyKey,
        });
        if (result.refused !== undefined)
          settle(entry, {
            kind: 'rejected',
            reason: `the event would take the points of ${JSON.stringify(result.refused.system)} below zero; nothing was recorded`,
          });
        else settle(entry, { kind: result.replayed ? 'replayed' : 'recorded' });
      } catch (error) {
        if (error instanceof KindlingError && !(error instanceof StoreError))
          settle(entry, { kind: 'rejected', reason: error.message });
        else fatal ??= error;
      }
    });
    const tracked = run.finally(() => {
      inFlight--;
      if (tails.get(event.userId) === tracked) tails.delete(event.userId);
      wake?.();
    });
    tails.set(event.userId, tracked);
  };

  const from = progress.point.offset;
  let reachedEnd = from >= size;
  const handle = async ({ bytes, length }: FileLine) => {
    linesThisRun++;
    const entry = progress.read(length);
    if (bytes === null)
      return settle(entry, {
        kind: 'rejected',
        reason: `the line is ${length} bytes long, more than the ${MAX_LINE_BYTES} bytes one event may take`,
      });
    const decoded = decodeImportLine(bytes);
    if (typeof decoded !== 'string') return settle(entry, { kind: 'rejected', reason: decoded.problem });
    // a byte order mark (some editors write one at the start of a UTF-8 file) is no part of the first line
    const text = (entry.line === 1 && decoded.startsWith('\uFEFF') ? decoded.slice(1) : decoded).replace(/\r$/, '');
    if (text.trim() === '') return settle(entry, { kind: 'blank' });
    await start(entry, text);
    while (inFlight >= concurrency) await new Promise<void>((resolve) => (wake = resolve));
  };
  const stopped = () => options.signal?.aborted === true || fatal !== null;

  if (!reachedEnd) {
    let cutShort = false;
    for await (const fileLine of readLines(path, from, MAX_LINE_BYTES)) {
      cutShort = stopped();
      if (cutShort) break;
      await handle(fileLine);
    }
    reachedEnd = !cutShort;
  }

  await Promise.all(tails.values());
  reportProgress();
  await saving;
  const complete = reachedEnd && fatal === null && progress.settled;
  if (complete) rmSync(resumeFileOf(path), { force: true });
  else writeResume(path, stats, progress.point);
  if (fatal !== null) throw fatal;
  const { offset, line } = progress.point;
  return {
    file: path,
    resumedFrom: resumed === null ? null : { offset: resumed.offset, line: resumed.line },
    offset,
    size,
    lines: line,
    complete,
    ...progress.totals,
  };
}
