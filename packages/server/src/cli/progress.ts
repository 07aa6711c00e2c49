/**
 * A progress report on stderr: on a terminal one bar redrawn in place (done / total, rate, ETA);
 * elsewhere (logs, CI) one line each time another 5 % is done.
 */
import type { TextSink } from './output.js';

export interface ProgressOptions {
  /** what is counted, for the text: 'users', 'bytes' */
  unit: 'bytes' | 'items';
  /** the rate's label: 'lines/s', 'users/s' */
  rateLabel: string;
  /** where this run began (a resumed import), so that the ETA counts only this run's pace */
  from?: number;
  clock?: () => number;
}

/** `1.5 MB`, `980 B`. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let i = 0;
  while (value >= 1024 && i < units.length - 1) {
    value /= 1024;
    i++;
  }
  return `${value.toFixed(1)} ${units[i]}`;
}

/** `42s`, `3m05s`, `1h02m`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** One progress line: `[#####.....]  50%  1.0 MB / 2.0 MB  1200 lines/s  ETA 3s`; the ETA assumes the pace so far. */
export function progressLine(input: {
  done: number;
  total: number;
  from?: number;
  count: number;
  seconds: number;
  unit: 'bytes' | 'items';
  rateLabel: string;
  width?: number;
}): string {
  const fraction = input.total > 0 ? Math.min(1, input.done / input.total) : 1;
  const width = input.width ?? 24;
  const filled = Math.round(fraction * width);
  const amount =
    input.unit === 'bytes'
      ? `${formatBytes(input.done)} / ${formatBytes(input.total)}`
      : `${input.done} / ${input.total}`;
  const seconds = Math.max(0.001, input.seconds);
  const from = input.from ?? 0;
  const doneHere = input.done - from;
  const eta = fraction >= 1 ? 0 : doneHere > 0 ? (seconds * (input.total - input.done)) / doneHere : Infinity;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${amount}  ${Math.round(input.count / seconds)} ${input.rateLabel}  ETA ${formatDuration(eta)}`;
}

export class Progress {
  private readonly started: number;
  private lastDraw = -Infinity;
  private lastStep = 0;
  private count = 0;
  private readonly clock: () => number;

  constructor(
    private readonly sink: TextSink,
    private readonly total: number,
    private readonly options: ProgressOptions,
  ) {
    this.clock = options.clock ?? Date.now;
    this.started = this.clock();
  }

  /** `done` of the total, and how many things (lines, users) that was, for the rate. */
  update(done: number, count: number): void {
    this.count = count;
    const now = this.clock();
    if (this.sink.isTTY === true) {
      if (now - this.lastDraw < 100 && done < this.total) return;
      this.lastDraw = now;
      this.sink.write(`\r${this.line(done, now)}\x1b[K`);
      return;
    }
    const step = this.total > 0 ? Math.floor((done / this.total) * 20) : 20;
    if (step > this.lastStep) {
      this.lastStep = step;
      this.sink.write(`${this.line(done, now)}\n`);
    }
  }

  /** Ends the bar's line on a terminal. */
  finish(): void {
    if (this.sink.isTTY === true && this.lastDraw !== -Infinity) this.sink.write('\n');
  }

  private line(done: number, now: number): string {
    return progressLine({
      done,
      total: this.total,
      from: this.options.from ?? 0,
      count: this.count,
      seconds: (now - this.started) / 1000,
      unit: this.options.unit,
      rateLabel: this.options.rateLabel,
    });
  }
}
