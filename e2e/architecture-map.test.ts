/**
 * ARCHITECTURE.md held to the tree: every folder of each package's `src/` and `test/` and every file
 * at the root of the server's `src/` (but tests) is named in it, and nothing it names as such a path
 * is missing; the page stays under 1,500 words, and no table cell over 300 characters.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const page = readFileSync(join(root, 'ARCHITECTURE.md'), 'utf8');

/** The folders under `dir` (relative to the repository root), deepest included. */
function foldersUnder(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist' || !statSync(join(root, path)).isDirectory()) return [];
    return [path, ...foldersUnder(path)];
  });
}

/** Whether the page names `path`: as written, or (a nested folder) by its name in its parent's line. */
function named(path: string, text = page): boolean {
  if (text.includes(`\`${path}/`)) return true;
  const parts = path.split('/');
  const parent = parts.slice(0, -1).join('/');
  const line = text.split('\n').find((text) => text.startsWith(`| \`${parent}/\``));
  return line?.includes(`\`${parts.at(-1)}/\``) ?? false;
}

const packages = readdirSync(join(root, 'packages')).filter((name) =>
  statSync(join(root, 'packages', name)).isDirectory(),
);
const serverRows = page.slice(page.indexOf('## Inside the server'), page.indexOf('## Layers'));

describe('ARCHITECTURE.md', () => {
  it('names every folder of every package (src and test) and every root file of the server', () => {
    const server = 'packages/server/src';
    const unnamed = packages
      .flatMap((name) => [
        ...foldersUnder(`packages/${name}/src`),
        ...(existsSync(join(root, `packages/${name}/test`)) ? [`packages/${name}/test`] : []),
        ...foldersUnder(`packages/${name}/test`),
      ])
      .filter((path) => {
        if (path.startsWith(`${server}/`)) {
          const inside = path.slice(server.length + 1);
          return !named(inside, serverRows);
        }
        return !named(path);
      });
    const rootFiles = readdirSync(join(root, server)).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !serverRows.includes(`\`${name}\``),
    );
    expect(unnamed).toEqual([]);
    expect(rootFiles).toEqual([]);
  });

  it('names no server folder or root file that does not exist', () => {
    const rows = serverRows.split('\n').filter((line) => line.startsWith('| `'));
    const paths = rows.flatMap((line) =>
      [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string),
    );
    const missing = paths.filter((path) => !existsSync(join(root, 'packages/server/src', path)));
    expect(paths.length).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('stays under 1,500 words', () => {
    const words = page.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
    expect(words).toBeLessThan(1500);
  });

  it('has no table cell over 300 characters', () => {
    const cells = page
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => line.split('|').map((cell) => cell.trim()));
    expect(cells.filter((cell) => cell.length > 300)).toEqual([]);
  });

  it('names the contract range docs/semantics.md defines', () => {
    const rules = [...readFileSync(join(root, 'docs/semantics.md'), 'utf8').matchAll(/\bS(\d+)\b/g)].map((m) =>
      Number(m[1]),
    );
    expect(page).toContain(`S1..S${Math.max(...rules)}`);
  });
});
