/**
 * Test support: the `@example` blocks of the doc comments in the packages' sources, each with
 * where it is and the name it documents. A block is the fenced ```ts text after an `@example` tag,
 * its lines without the comment's leading ` * `; the name is the first identifier declared on the
 * line after the comment (a function's, a method's or a property's).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface CommentExample {
  /** the source file, relative to the repository's root */
  readonly file: string;
  /** the line of the `@example` tag, from 1 */
  readonly line: number;
  /** what the comment documents: `record`, `sqliteStore`, … */
  readonly documents: string;
  readonly code: string;
}

/** The product sources of `packages/<name>/src` (tests left out), relative to the repository's root. */
export function productSources(root: string, name: string): string[] {
  const folder = `packages/${name}/src`;
  return (readdirSync(join(root, folder), { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => `${folder}/${file}`)
    .sort();
}

const COMMENT = /\/\*\*[\s\S]*?\*\//g;
const DECLARED = /^\s*(?:export\s+)?(?:async\s+)?(?:function\s+|const\s+|readonly\s+)?([A-Za-z_$][\w$]*)/;

/** Every `@example` block of the doc comments of one source text (`file` names it in the results). */
export function commentExamplesIn(file: string, text: string): CommentExample[] {
  const found: CommentExample[] = [];
  for (const match of text.matchAll(COMMENT)) {
    const start = match.index;
    const lines = match[0].split('\n').map((line) => line.replace(/^\s*\*(?: |$)/, ''));
    const firstLine = text.slice(0, start).split('\n').length;
    const after =
      text
        .slice(start + match[0].length)
        .split('\n')
        .find((line) => line.trim() !== '') ?? '';
    const documents = DECLARED.exec(after)?.[1] ?? '';
    for (let i = 0; i < lines.length; i++) {
      if (!/^\s*@example\b/.test(lines[i] as string)) continue;
      const open = lines.findIndex((line, j) => j > i && /^\s*```ts\s*$/.test(line));
      const close = lines.findIndex((line, j) => j > open && /^\s*```\s*$/.test(line));
      if (open === -1 || close === -1)
        throw new Error(`${file}:${firstLine + i}: an @example without a closed \`\`\`ts block`);
      found.push({ file, line: firstLine + i, documents, code: lines.slice(open + 1, close).join('\n') });
    }
  }
  return found;
}
