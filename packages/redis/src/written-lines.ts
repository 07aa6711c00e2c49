/**
 * On a single Redis, the index lines this process last wrote for each user, with the version they
 * were written at. The commit and the index lines go in one script call there, so when the version
 * read is the one remembered, the index holds exactly those lines: a write whose lines are the same
 * (most events: a second event of the day, a metric no rule counts) can leave the index alone.
 * Bounded: the users remembered longest ago are forgotten, which only means their next write sends
 * its lines. Held in lru-cache, bounded by a weight of 1 a user (slots allocated as it fills, not
 * LIMIT up front for each namespace's store): a Map whose first key was dropped walked past every
 * entry deleted since V8 last rebuilt it, at each write once full.
 */
import { NEVER, type IndexEntry } from '@kindling/core/adapter';
import { LRUCache } from 'lru-cache';

const LIMIT = 50_000;

export interface WrittenLines {
  /** true when the index already holds `lines` for this user, as of `version` (the version read) */
  holds(userId: string, version: number, lines: string): boolean;
  remember(userId: string, version: number, lines: string): void;
  forget(userId: string): void;
}

/** The lines as one string, compared as a whole. */
export function linesText(lines: readonly IndexEntry[]): string {
  let text = '';
  for (const line of lines)
    text += `${line.streak}\u0000${line.length} ${line.longest} ${line.deadAt} ${line.expiresAt} ${line.earnsAt ?? NEVER}\u0000`;
  return text;
}

export function writtenLines(): WrittenLines {
  const users = new LRUCache<string, { version: number; lines: string }>({ maxSize: LIMIT, sizeCalculation: () => 1 });
  return {
    holds(userId, version, lines) {
      const last = users.peek(userId);
      return last !== undefined && last.version === version && last.lines === lines;
    },
    remember(userId, version, lines) {
      users.set(userId, { version, lines });
    },
    forget(userId) {
      users.delete(userId);
    },
  };
}
