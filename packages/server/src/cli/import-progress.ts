/**
 * How far an import of a file got, as one value: the lines read and not yet finished (in file
 * order), and the resume point, the offset after the last line of an unbroken run of finished lines
 * from the start, with its line number and what those lines came to. Lines finish in any order (up
 * to 16 records in flight); the point moves only over a run that is whole, so a stop or a failure in
 * the middle leaves it where every line before it is done and none after it is counted. No I/O:
 * import-file.ts reads and records, import-resume.ts keeps the point in a file.
 */

/** The reasons of rejected lines kept, the first so many. */
export const MAX_REASONS = 20;

export interface ImportCounts {
  recorded: number;
  replayed: number;
  rejected: number;
  /** blank lines (nothing but white space), skipped: neither an event nor a mistake */
  blank: number;
  /** `line N: message`, the first MAX_REASONS */
  reasons: string[];
}

/** The resume point: the offset after the last line of an unbroken run of finished lines, and what they came to. */
export interface ResumeState extends ImportCounts {
  offset: number;
  line: number;
}

/** What became of one line. */
export type LineOutcome = { kind: 'recorded' | 'replayed' } | { kind: 'rejected'; reason: string } | { kind: 'blank' };

/** A line read: its number, the offset after it, and its outcome once it finished. */
export interface ReadLine {
  readonly line: number;
  readonly end: number;
  outcome: LineOutcome | null;
}

export class ImportProgress {
  /** lines read and not yet folded into the point, in file order */
  private readonly unfinished: ReadLine[] = [];
  private offset: number;
  private line: number;
  private readonly counts: ImportCounts;
  /** where the next line read starts, and the number of the last line read */
  private readAt: number;
  private readNumber: number;

  /** From the start of a file of `size` bytes, or from where an earlier import of it stopped. */
  constructor(
    private readonly size: number,
    from: ResumeState | null,
  ) {
    this.offset = from?.offset ?? 0;
    this.line = from?.line ?? 0;
    this.counts =
      from === null
        ? { recorded: 0, replayed: 0, rejected: 0, blank: 0, reasons: [] }
        : {
            recorded: from.recorded,
            replayed: from.replayed,
            rejected: from.rejected,
            blank: from.blank,
            reasons: [...from.reasons],
          };
    this.readAt = this.offset;
    this.readNumber = this.line;
  }

  /** The next line was read, `length` bytes without its newline (the file's last may have none). */
  read(length: number): ReadLine {
    this.readAt += length + 1;
    this.readNumber++;
    const read: ReadLine = { line: this.readNumber, end: Math.min(this.readAt, this.size), outcome: null };
    this.unfinished.push(read);
    return read;
  }

  /** A line read finished so: the point moves over the run of finished lines it completes. */
  finish(read: ReadLine, outcome: LineOutcome): void {
    read.outcome = outcome;
    this.fold();
  }

  /** Folds the finished lines at the head of those read into the point. */
  private fold(): void {
    while (this.unfinished[0]?.outcome != null) {
      const done = this.unfinished.shift() as ReadLine;
      const outcome = done.outcome as LineOutcome;
      this.offset = done.end;
      this.line = done.line;
      const { counts } = this;
      if (outcome.kind === 'recorded') counts.recorded++;
      else if (outcome.kind === 'replayed') counts.replayed++;
      else if (outcome.kind === 'blank') counts.blank++;
      else if (outcome.kind === 'rejected') {
        counts.rejected++;
        if (counts.reasons.length < MAX_REASONS) counts.reasons.push(`line ${done.line}: ${outcome.reason}`);
      }
    }
  }

  /** The resume point now. */
  get point(): ResumeState {
    return { offset: this.offset, line: this.line, ...this.counts };
  }

  /** What the finished run of lines came to. */
  get totals(): ImportCounts {
    return this.counts;
  }

  /** Whether every line read has finished (none unfinished, the point after the last read). */
  get settled(): boolean {
    return this.unfinished.length === 0;
  }
}
