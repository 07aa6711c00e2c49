/**
 * `kindling import FILE.ndjson`: records a file of events into an account (see import-file.ts).
 * Exits 1 when any line was rejected, so that a script sees events left out without parsing the summary.
 * Ctrl-C or SIGTERM stops reading, lets the records in flight finish, keeps where it got to and
 * exits 130 or 143 (stop-signals.ts); the next run goes on from there.
 */
import { existsSync } from 'node:fs';
import { BACKEND_FLAGS, BACKEND_HELP, withAccount } from './account.js';
import { CommandError, positionals } from './args.js';
import { beginCommand, type Command } from './command.js';
import { importFile, type ImportSummary, MAX_LINE_BYTES } from './import-file.js';
import { resumeFileOf } from './import-resume.js';

import { Progress } from './progress.js';
import { exitCodeFor, stoppable } from './stop-signals.js';

const HELP = `usage: kindling import FILE.ndjson

Records events from a file, one JSON object a line:

  {"metric":"lessons","user":{"id":"u1","tz":"Europe/Berlin"},"value":1,"at":"2026-01-02T10:00:00Z"}

"at" is optional (RFC 3339 or epoch ms; default: now), "userId" may stand for user.id, and
"idempotencyKey" is optional (default: a hash of the line, so importing a file again within
KINDLING_IDEMPOTENCY_HOURS, default 7 days, changes nothing; after it, each line is recorded anew).
A line is at most ${MAX_LINE_BYTES / 1024} KB of UTF-8; a longer line, or one that is not UTF-8, is rejected.
Each user's events are recorded in file order. Blank lines are skipped (counted as such). The exit
code is 1 when any line was rejected (the summary says which and why), 0 when none was. Ctrl-C or SIGTERM stops cleanly (exit 130 or 143,
with the summary so far); running the command again goes
on where it stopped (kept in FILE.kindling-import.json until the file is done) if the file is
unchanged. FILE must be a regular file: save a stream (gunzip -c x.gz) to a file first.

${BACKEND_HELP.join('\n')}
  --json            print the summary as JSON`;

function describe(s: ImportSummary): string[] {
  return [
    `${s.complete ? 'Imported' : 'Stopped importing'} ${s.file}: ${s.lines} lines${s.complete ? '' : ` (up to byte ${s.offset} of ${s.size})`}`,
    `  recorded  ${s.recorded}`,
    `  replayed  ${s.replayed} (already recorded: nothing changed)`,
    `  skipped   ${s.blank} (blank lines)`,
    `  rejected  ${s.rejected}`,
    ...s.reasons.map((reason) => `    ${reason}`),
    ...(s.rejected > s.reasons.length ? [`    … and ${s.rejected - s.reasons.length} more`] : []),
    ...(s.complete ? [] : [`Run the same command again to go on from line ${s.lines + 1}.`]),
  ];
}

export const importCommand: Command = {
  name: 'import',
  summary: 'record events from an NDJSON file (idempotent, resumable)',
  help: HELP,
  async run(argv, io) {
    const begun = beginCommand(argv, io, BACKEND_FLAGS, HELP);
    if (begun === null) return 0;
    const { args, out } = begun;
    const [file] = positionals(args, ['FILE']) as [string];
    if (!existsSync(file)) throw new CommandError(`no file ${JSON.stringify(file)}`);
    const stop = stoppable('waiting for the records in flight, then saving where the import got to', (text) =>
      out.note(text),
    );
    let bar: Progress | null = null;
    try {
      const summary = await withAccount(args, io.env, ({ backend, account, idempotencyRetentionMs }) =>
        importFile(file, {
          backend,
          accountId: account.id,
          idempotencyRetentionMs,
          signal: stop.signal,
          onResume: ({ line }) =>
            out.note(
              `Going on from line ${line + 1}, where the last import of ${file} stopped (${resumeFileOf(file)}).`,
            ),
          onProgress: ({ offset, size, linesThisRun }) => {
            // with --json, stderr carries only JSON (an error), as streak set's does
            if (out.json) return;
            bar ??= new Progress(io.stderr, size, { unit: 'bytes', rateLabel: 'lines/s', from: offset });
            bar.update(offset, linesThisRun);
          },
        }),
      );
      (bar as Progress | null)?.finish();
      out.result(summary, describe);
      if (!summary.complete) return exitCodeFor(stop.stoppedBy ?? 'SIGINT');
      // a rejected line is an event not recorded: a script must see it without reading the summary
      return summary.rejected > 0 ? 1 : 0;
    } finally {
      stop.off();
    }
  },
};
