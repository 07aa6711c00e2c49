/**
 * The data folder made as `mkdir -p` makes it: each missing parent, then the folder.
 *
 * Not `mkdirSync(dir, { recursive: true })`: on Node 20 that call loops for ever when the kernel
 * answers ENOENT for a path whose parent exists (any path under /proc or /sys), so a mistyped
 * `--data /proc/...` hung the start with no word. Here each level is made once, and an ENOENT
 * that a made parent does not cure is thrown as it is.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeFolder(dir: string): void {
  try {
    mkdirSync(dir);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(dir).isDirectory()) return;
    const parent = dirname(dir);
    if (code !== 'ENOENT' || parent === dir) throw error;
    makeFolder(parent);
  }
  mkdirSync(dir);
}
