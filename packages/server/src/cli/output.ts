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

/**
 * A process stream that goes quiet once it cannot be written (its reader gone: `2>&1 | head`, a
 * closed terminal, EPIPE) instead of ending the command: the work goes on and only its text is
 * lost. Unheard, such a stream's error ended an import halfway with no summary.
 */
export function quietWhenClosed(stream: NodeJS.WriteStream): TextSink {
  let closed = false;
  stream.on('error', () => {
    closed = true;
  });
  return {
    write: (text: string) => !closed && !stream.destroyed && stream.write(text),
    get isTTY() {
      return stream.isTTY;
    },
    get columns() {
      return stream.columns;
    },
  };
}

/** Characters a terminal acts on rather than shows: C0 (but the line feed), DEL, C1, direction overrides. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
const ACTED_ON = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` as a terminal shows it, with every character it would act on written as an escape
 * (`\x1b`, `\u202e`): stored names reach this output, and one holding ESC sequences or a line feed
 * could clear the screen, set the window title or fake a table row. With `lines`, a line feed
 * inside is escaped too (the text is one line, or one cell).
 */
export function shownInTerminal(text: string, lines = false): string {
  const escaped = (c: string) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  };
  const once = text.replace(ACTED_ON, escaped);
  return lines ? once.replace(/\n/g, '\\n') : once;
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
      const shown = Array.isArray(text)
        ? text.map((line) => shownInTerminal(line, true)).join('\n')
        : shownInTerminal(text);
      this.io.stdout.write(`${shown}\n`);
    }
  }

  /** A note for people (stderr, so that stdout stays the result); silent with --json. */
  note(text: string): void {
    if (!this.json) this.io.stderr.write(`${shownInTerminal(text)}\n`);
  }

  error(message: string, code: string): void {
    if (this.json) this.io.stderr.write(`${JSON.stringify({ error: message, code })}\n`);
    else this.io.stderr.write(`kindling: ${shownInTerminal(message)}\n`);
  }
}

/** Columns padded to their widest cell. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  rows = rows.map((row) => row.map((cell) => shownInTerminal(cell, true)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
