/**
 * Where an interrupted import of a file stopped, kept in `<file>.kindling-import.json`, with enough
 * of the file to know it again: its size and time of change when the import began, and hashes of
 * its bytes before the offset (the first 64 KB of them and the last 4 KB). An import goes on only
 * from a resume file that is whole, belongs to this file, finds it unchanged and points at the start
 * of a line; anything else is refused naming the resume file, since going on could skip lines or
 * read from the middle of one. Starting over is always safe: lines already recorded count as
 * replayed, not twice.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  type Stats,
  writeFileSync,
} from 'node:fs';
import { basename } from 'node:path';
import { CommandError } from './args.js';
import type { ResumeState } from './import-progress.js';

/** What the file was when its import began, and its bytes before the offset. */
interface Fingerprint {
  size: number;
  mtimeMs: number;
  /** sha256 of the first min(offset, HEAD_BYTES) bytes, and of the TAIL_BYTES before the offset */
  head: string;
  tail: string;
}

interface ResumeFile extends ResumeState, Fingerprint {
  file: string;
}

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 4 * 1024;

/** Where the progress of importing `path` is kept: `events.ndjson` → `events.kindling-import.json`. */
export function resumeFileOf(path: string): string {
  return `${path.replace(/\.[^./\\]*$/, '')}.kindling-import.json`;
}

/** The bytes [from, to) of the open file `fd`. */
function readRange(fd: number, from: number, to: number): Buffer {
  const bytes = Buffer.alloc(Math.max(0, to - from));
  let done = 0;
  while (done < bytes.length) {
    const read = readSync(fd, bytes, done, bytes.length - done, from + done);
    if (read === 0) break;
    done += read;
  }
  return bytes.subarray(0, done);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The fingerprint of `path` as it is now (size and time of change from `stats`) for `offset`. */
function fingerprintOf(path: string, stats: Stats, offset: number): Fingerprint & { atLineStart: boolean } {
  const fd = openSync(path, 'r');
  try {
    const before = offset === 0 ? Buffer.alloc(0) : readRange(fd, offset - 1, offset);
    return {
      size: stats.size,
      mtimeMs: stats.mtimeMs,
      head: sha256(readRange(fd, 0, Math.min(offset, HEAD_BYTES))),
      tail: sha256(readRange(fd, Math.max(0, offset - TAIL_BYTES), offset)),
      // the offset follows a newline, or is the end of a file whose last line has none
      atLineStart: offset === 0 || before[0] === 0x0a || offset === stats.size,
    };
  } finally {
    closeSync(fd);
  }
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isHash = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value);

function isResumeFile(value: unknown): value is ResumeFile {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.file === 'string' &&
    [v.offset, v.line, v.size, v.recorded, v.replayed, v.rejected].every(isCount) &&
    // absent in resume files written before blank lines were counted
    (v.blank === undefined || isCount(v.blank)) &&
    typeof v.mtimeMs === 'number' &&
    Number.isFinite(v.mtimeMs) &&
    isHash(v.head) &&
    isHash(v.tail) &&
    Array.isArray(v.reasons) &&
    v.reasons.every((reason) => typeof reason === 'string')
  );
}

/**
 * Where the last import of `path` (whose stat is `stats`) stopped, or null when there is nothing to
 * go on from. A resume file that cannot be trusted is a CommandError naming it and what to do.
 */
export function readResume(path: string, stats: Stats): ResumeState | null {
  const resume = resumeFileOf(path);
  if (!existsSync(resume)) return null;
  const startOver = `delete it to import the file from its start (lines already recorded then count as replayed, not twice)`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(resume, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? `not JSON: ${error.message}` : (error as Error).message;
    throw new CommandError(`${resume} is damaged (${why}): ${startOver}`);
  }
  if (!isResumeFile(parsed))
    throw new CommandError(
      `${resume} is damaged (it does not hold the offset, counts and fingerprint of an import): ${startOver}`,
    );
  if (parsed.file !== basename(path))
    throw new CommandError(
      `${resume} records the import of ${JSON.stringify(parsed.file)}, not of ${JSON.stringify(basename(path))}: ` +
        `finish that import first, or ${startOver}`,
    );
  const now = parsed.offset <= stats.size ? fingerprintOf(path, stats, parsed.offset) : null;
  const same =
    now?.atLineStart === true &&
    now.size === parsed.size &&
    now.mtimeMs === parsed.mtimeMs &&
    now.head === parsed.head &&
    now.tail === parsed.tail;
  if (!same)
    throw new CommandError(
      `${path} is not the file whose import ${resume} records: it changed since (its size, its time of change ` +
        `or its bytes before byte ${parsed.offset} differ), and going on from line ${parsed.line + 1} could skip ` +
        `lines or read from the middle of one: delete ${resume} to import the file from its start (lines ` +
        'already recorded then count as replayed, not twice)',
    );
  return {
    offset: parsed.offset,
    line: parsed.line,
    recorded: parsed.recorded,
    replayed: parsed.replayed,
    rejected: parsed.rejected,
    blank: parsed.blank ?? 0,
    reasons: parsed.reasons,
  };
}

/**
 * Keeps where the import of `path` got to, with the file's fingerprint (`stats`: the file when the
 * import began), written whole or not at all.
 */
export function writeResume(path: string, stats: Stats, state: ResumeState): void {
  const resume = resumeFileOf(path);
  const { atLineStart: _, ...fingerprint } = fingerprintOf(path, stats, state.offset);
  const content: ResumeFile = { file: basename(path), ...state, ...fingerprint };
  writeFileSync(`${resume}.tmp`, JSON.stringify(content));
  renameSync(`${resume}.tmp`, resume);
}
