import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FileLine, readLines } from './import-lines.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kindling-lines-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function linesOf(content: string | Buffer, options: { start?: number; maxBytes?: number } = {}) {
  const path = join(dir, 'lines.ndjson');
  writeFileSync(path, content);
  const lines: { text: string | null; length: number }[] = [];
  for await (const line of readLines(path, options.start ?? 0, options.maxBytes ?? 100) as AsyncIterable<FileLine>)
    lines.push({ text: line.bytes === null ? null : line.bytes.toString('latin1'), length: line.length });
  return lines;
}

describe('readLines', () => {
  it('gives each line without its newline, blank lines included, and a last line without a newline', async () => {
    expect(await linesOf('one\n\ntwo\r\nthree')).toEqual([
      { text: 'one', length: 3 },
      { text: '', length: 0 },
      { text: 'two\r', length: 4 },
      { text: 'three', length: 5 },
    ]);
  });

  it('gives nothing after a final newline, and nothing for an empty file', async () => {
    expect(await linesOf('one\n')).toEqual([{ text: 'one', length: 3 }]);
    expect(await linesOf('')).toEqual([]);
  });

  it('begins at the byte offset it is given', async () => {
    expect(await linesOf('one\ntwo\nthree\n', { start: 4 })).toEqual([
      { text: 'two', length: 3 },
      { text: 'three', length: 5 },
    ]);
  });

  it('gives a line up to the cap whole, and a longer one by its length alone, without its bytes', async () => {
    expect(await linesOf(`${'a'.repeat(10)}\n${'b'.repeat(11)}\nc`, { maxBytes: 10 })).toEqual([
      { text: 'a'.repeat(10), length: 10 },
      { text: null, length: 11 },
      { text: 'c', length: 1 },
    ]);
  });

  it('keeps a line whole across the chunks it is read in, and counts a long one over many chunks', async () => {
    const long = 5 * 1024 * 1024;
    const lines = await linesOf(`${'x'.repeat(150_000)}\n${'y'.repeat(long)}\nz`, { maxBytes: 200_000 });
    expect(lines.map((line) => line.length)).toEqual([150_000, long, 1]);
    expect(lines[0]?.text).toBe('x'.repeat(150_000));
    expect(lines[1]?.text).toBeNull();
    expect(lines[2]?.text).toBe('z');
  });
});
