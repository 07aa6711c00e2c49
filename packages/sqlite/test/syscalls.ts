/**
 * Reading what `strace -f` saw a child do, for the durability tests: its writes to a database's
 * write-ahead log, the syncs of that log (they may run on another thread than the writes, so each
 * shows as started, then finished), and its acknowledgements (its writes to standard output).
 */

export type Syscall =
  | { kind: 'log-write' }
  | { kind: 'sync-start'; thread: string }
  | { kind: 'sync-end'; thread: string; ok: boolean }
  | { kind: 'ack' };

const LINE = /^(\d+)\s+(.*)$/;
const RESUMED = /^<\.\.\. (\w+) resumed>(.*)$/;
const CALL = /^(\w+)\((.*)$/;
const RESULT = /\)\s+=\s+(-?\d+)/;

/**
 * The calls that matter, in the order strace printed them. `log` is the log's path. A write counts
 * once it has returned, a sync once it has started (and again when it returns), an acknowledgement
 * once it has started: every choice is the one that makes the check below harder to pass.
 */
export function readTrace(text: string, log: string): Syscall[] {
  const logFds = new Set<string>();
  /** per thread, the call it started and has not finished */
  const open = new Map<string, { name: string; args: string; sync: boolean }>();
  const calls: Syscall[] = [];
  const fdOf = (args: string) => args.split(/[,)]/)[0]?.trim() ?? '';
  const isWrite = (name: string) => name === 'write' || name === 'pwrite64' || name === 'writev' || name === 'pwritev';
  const isSync = (name: string) => name === 'fdatasync' || name === 'fsync';
  const finish = (thread: string, name: string, args: string, sync: boolean) => {
    const result = RESULT.exec(args)?.[1];
    if (sync) calls.push({ kind: 'sync-end', thread, ok: result === '0' });
    else if (name === 'openat' && args.includes(`"${log}"`) && result !== undefined && Number(result) >= 0)
      logFds.add(result);
    else if (name === 'close') logFds.delete(fdOf(args));
    else if (isWrite(name) && logFds.has(fdOf(args))) calls.push({ kind: 'log-write' });
  };
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (match === null) continue;
    const [, thread, rest] = match as unknown as [string, string, string];
    const resumed = RESUMED.exec(rest);
    if (resumed !== null) {
      const pending = open.get(thread);
      open.delete(thread);
      if (pending !== undefined) finish(thread, pending.name, `${pending.args}${resumed[2] ?? ''}`, pending.sync);
      continue;
    }
    const call = CALL.exec(rest);
    if (call === null) continue;
    const [, name, args] = call as unknown as [string, string, string];
    if (name === 'write' && fdOf(args) === '1') calls.push({ kind: 'ack' });
    const sync = isSync(name) && logFds.has(fdOf(args));
    if (sync) calls.push({ kind: 'sync-start', thread });
    if (args.endsWith('<unfinished ...>'))
      open.set(thread, { name, args: args.slice(0, -'<unfinished ...>'.length), sync });
    else finish(thread, name, args, sync);
  }
  return calls;
}

/**
 * The acknowledgements (by their rank, from 0) made while some write to the log had not been
 * covered by a finished sync that started after it. For a child that records one event at a time,
 * none means every acknowledged event was on disk when it was acknowledged.
 */
export function acksBeforeSync(calls: readonly Syscall[]): number[] {
  let writes = 0;
  let covered = 0;
  const startedAfter = new Map<string, number>();
  const early: number[] = [];
  let acks = 0;
  for (const call of calls) {
    if (call.kind === 'log-write') writes += 1;
    else if (call.kind === 'sync-start') startedAfter.set(call.thread, writes);
    else if (call.kind === 'sync-end') {
      if (call.ok) covered = Math.max(covered, startedAfter.get(call.thread) ?? 0);
      startedAfter.delete(call.thread);
    } else {
      if (covered < writes) early.push(acks);
      acks += 1;
    }
  }
  return early;
}
