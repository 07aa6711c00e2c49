/**
 * Answers of streak reads kept as bytes, keyed by the account's configuration version, the periods
 * asked for and the user, and stamped with what else they depend on: the version of the user's
 * state and the local day they were made for. Each answer keeps its JSON and, once a client has
 * asked for it, its gzip form. Bounded in bytes; least recently used first out.
 */
import type { ReadStamp } from '@kindling/core';

export interface CachedAnswer {
  readonly json: Buffer;
  readonly gzip: Buffer | null;
  /** the engine's stamp of the state the answer was made from (its version, the user's zone and local day) */
  readonly stamp: ReadStamp;
}

const sizeOf = (answer: CachedAnswer) => answer.json.length + (answer.gzip?.length ?? 0);

export class ReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, answer: CachedAnswer): void {
    if (sizeOf(answer) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= sizeOf(old);
      this.entries.delete(key);
    }
    this.entries.set(key, answer);
    this.bytes += sizeOf(answer);
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= sizeOf(value);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** bytes held, JSON and gzip forms together */
  get heldBytes(): number {
    return this.bytes;
  }
}
