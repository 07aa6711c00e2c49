import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFolder } from './make-folder.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'kindling-folder-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('makeFolder', () => {
  it('makes the folder and every missing parent, and leaves a folder that is there as it is', () => {
    const dir = join(root, 'a', 'b', 'c');
    makeFolder(dir);
    expect(statSync(dir).isDirectory()).toBe(true);
    writeFileSync(join(dir, 'kept'), 'x');
    makeFolder(dir);
    expect(existsSync(join(dir, 'kept'))).toBe(true);
  });

  it('refuses a path that is a file, or runs through one, with the system’s code', () => {
    const file = join(root, 'file');
    writeFileSync(file, 'x');
    expect(() => makeFolder(file)).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(() => makeFolder(join(file, 'below'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it('fails with ENOENT, rather than looping, where the kernel makes no folders though the parent exists (/proc)', () => {
    expect(() => makeFolder('/proc/kindling-no-such/data')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
