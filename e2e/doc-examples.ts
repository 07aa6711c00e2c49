/**
 * Test support: the fenced examples of the repository's Markdown files, each with where it is and
 * whether the text marks it as one that does not run standalone. A block is an example when its
 * language is one of EXAMPLE_LANGUAGES; the line before its fence may say
 * `<!-- example: not run: <why> -->`, and then it is counted, not run.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The languages of the blocks that are examples: TypeScript and JavaScript, shell lines. */
export const EXAMPLE_LANGUAGES: ReadonlySet<string> = new Set([
  'ts',
  'typescript',
  'js',
  'javascript',
  'sh',
  'bash',
  'shell',
  'curl',
]);

export interface DocExample {
  /** the Markdown file, relative to the repository's root */
  readonly file: string;
  /** the line of the opening fence, from 1 */
  readonly line: number;
  readonly language: string;
  /** the block's text, without the fence's indentation */
  readonly code: string;
  /** why it does not run standalone, as its marker says; null for an example that runs */
  readonly notRun: string | null;
}

const FENCE = /^(\s*)```(\S*)\s*$/;
const NOT_RUN = /^\s*<!--\s*example:\s*not run:\s*(.+?)\s*-->\s*$/;

/** The Markdown files whose examples run: the README, docs/*.md, each package's README. */
export function exampleFiles(root: string): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  const packages = readdirSync(join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((file) => existsSync(join(root, file)));
  return ['README.md', ...docs.sort(), ...packages.sort()];
}

/** Every example block of one Markdown text (`file` names it in the results). */
export function examplesIn(file: string, text: string): DocExample[] {
  const lines = text.split('\n');
  const found: DocExample[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i] as string);
    if (open === null) continue;
    const indent = (open[1] as string).length;
    const language = (open[2] as string).toLowerCase();
    let end = i + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end] as string)) end++;
    if (end === lines.length) throw new Error(`${file}:${i + 1}: a fence that is never closed`);
    if (EXAMPLE_LANGUAGES.has(language)) {
      let before = i - 1;
      while (before >= 0 && (lines[before] as string).trim() === '') before--;
      const marker = before >= 0 ? NOT_RUN.exec(lines[before] as string) : null;
      const code = lines
        .slice(i + 1, end)
        .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
        .join('\n');
      found.push({ file, line: i + 1, language, code, notRun: marker ? (marker[1] as string) : null });
    }
    i = end;
  }
  return found;
}
