/**
 * What the tests that run documented examples share: the handles that would keep a script's process
 * from exiting, and the type problems of generated example files checked against the workspace's
 * sources (readme.test.ts for the docs, doc-comment-examples.test.ts for the doc comments).
 */
import { join } from 'node:path';
import ts from 'typescript';

/** What keeps a Node process from exiting once a script's work is done (requests under way, timers aside). */
const LASTING = new Set(['TCPSocketWrap', 'TCPServerWrap', 'PipeWrap', 'UDPWrap', 'FileHandle', 'ProcessWrap']);

/** The lasting handles of this process, sorted by kind. */
export function openHandles(): string[] {
  return process
    .getActiveResourcesInfo()
    .filter((kind) => LASTING.has(kind))
    .sort();
}

/** The handles open in `after` beyond those of `before` (one closed meanwhile is no leak). */
export function addedHandles(before: readonly string[], after: readonly string[]): string[] {
  const left = [...before];
  return after.filter((kind) => {
    const i = left.indexOf(kind);
    if (i === -1) return true;
    left.splice(i, 1);
    return false;
  });
}

/**
 * The type problems of `files` under the workspace's tsconfig (with `overrides`), as
 * `<file relative to dir>:<line> <message>`; problems of other files are not theirs.
 */
export function typeProblems(
  root: string,
  files: readonly string[],
  dir: string,
  overrides: ts.CompilerOptions = {},
): string[] {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram([...files], { ...options, ...overrides, noEmit: true });
  const ours = new Set(files);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file === undefined || ours.has(d.file.fileName))
    .map((d) => {
      const where = d.file
        ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
        : '';
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}
