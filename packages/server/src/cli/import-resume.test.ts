import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readResume, resumeFileOf, writeResume } from './import-resume.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kindling-resume-'));
  path = join(dir, 'events.ndjson');
  writeFileSync(path, 'line one\nline two\nline three\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const counts = { recorded: 1, replayed: 0, rejected: 1, blank: 0, reasons: ['line 2: not valid JSON'] };

describe('the resume file of an import', () => {
  it('is kept beside the file, named after it without its extension', () => {
    expect(resumeFileOf(join(dir, 'events.ndjson'))).toBe(join(dir, 'events.kindling-import.json'));
  });

  it('gives back where the import stopped when the file is the one it was', () => {
    expect(readResume(path, statSync(path))).toBeNull();
    writeResume(path, statSync(path), { offset: 18, line: 2, ...counts });
    expect(readResume(path, statSync(path))).toEqual({ offset: 18, line: 2, ...counts });
  });

  it('refuses an offset that is not the start of a line, though the file is unchanged', () => {
    writeResume(path, statSync(path), { offset: 12, line: 1, ...counts });
    expect(() => readResume(path, statSync(path))).toThrow(
      `${path} is not the file whose import ${resumeFileOf(path)} records`,
    );
  });

  it('refuses the resume file of another file that shares its name up to the extension', () => {
    writeResume(path, statSync(path), { offset: 9, line: 1, ...counts });
    const other = join(dir, 'events.json');
    writeFileSync(other, 'line one\nline two\nline three\n');
    expect(() => readResume(other, statSync(other))).toThrow(
      `${resumeFileOf(path)} records the import of "events.ndjson", not of "events.json"`,
    );
  });
});
