/**
 * Where a command writes: people get lines and tables on stdout; with --json, one JSON document
 * instead. Errors go to stderr (as `{ error, code }` JSON with --json).
 */
import type { Readable } from 'node:stream';

export interface TextSink {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** The process's streams and environment as a command sees them (fakes in tests). */
export interface CliIo {
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  readonly stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
}

export class Output {
  constructor(
    readonly io: CliIo,
    readonly json: boolean,
  ) {}

  /** The command's result: `data` as JSON with --json, else the lines `human` draws from it. */
  result<T>(data: T, human: (data: T) => string | string[]): void {
    if (this.json) this.io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
    else {
      const text = human(data);
      this.io.stdout.write(`${Array.isArray(text) ? text.join('\n') : text}\n`);
    }
  }

  /** A note for people (stderr, so that stdout stays the result); silent with --json. */
  note(text: string): void {
    if (!this.json) this.io.stderr.write(`${text}\n`);
  }

  error(message: string, code: string): void {
    if (this.json) this.io.stderr.write(`${JSON.stringify({ error: message, code })}\n`);
    else this.io.stderr.write(`kindling: ${message}\n`);
  }
}

/** Columns padded to their widest cell. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
