/**
 * The lines of a file from a byte offset on, read in chunks: each newline is looked for once, in
 * the bytes just read, and a line longer than the cap is only counted, never held, so a file of any
 * shape is read in time and memory proportional to its size and the cap.
 */
import { createReadStream } from 'node:fs';

export interface FileLine {
  /** the line's bytes without its newline; null when it is longer than the cap (they are not kept) */
  bytes: Buffer | null;
  /** its length in bytes, without the newline */
  length: number;
}

export async function* readLines(path: string, start: number, maxBytes: number): AsyncGenerator<FileLine> {
  const stream = createReadStream(path, { start });
  try {
    // the line being read: its pieces so far (none once it is over the cap) and its length
    let pieces: Buffer[] = [];
    let length = 0;
    const finish = (last: Buffer): FileLine => {
      length += last.length;
      const line: FileLine =
        length > maxBytes
          ? { bytes: null, length }
          : { bytes: pieces.length === 0 ? last : Buffer.concat([...pieces, last]), length };
      pieces = [];
      length = 0;
      return line;
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let from = 0;
      for (let newline = chunk.indexOf(0x0a); newline !== -1; newline = chunk.indexOf(0x0a, from)) {
        yield finish(chunk.subarray(from, newline));
        from = newline + 1;
      }
      const tail = chunk.subarray(from);
      length += tail.length;
      if (length <= maxBytes) pieces.push(tail);
      else pieces = [];
    }
    if (length > 0) yield finish(Buffer.alloc(0));
  } finally {
    stream.destroy();
  }
}
