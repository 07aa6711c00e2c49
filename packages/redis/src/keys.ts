/**
 * The key layout. Every key of one user shares the hash tag `{<account>:<user>}`, and the account's
 * users, index lines, activity counts and outbox registry are split into partitions chosen from the
 * user id, each under a tag `{<account>::<n>}` (partition.ts), so that each Lua script touches a
 * single slot, the store runs unchanged on Redis Cluster, and no one node takes every event of an
 * account. Names are escaped so that no user id, account or streak key can end
 * a hash tag early or make two names meet.
 */
import { StoreError } from '@kindling/core';
import { PARTITIONS, partitionNumber } from './partition.js';
import { damaged } from './damaged.js';

/** Lone surrogates would become U+FFFD in UTF-8 (two ids, one key); `%{}:` would break the layout. */
const UNSAFE = /[%{}:]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes a name for use inside a key: `%` followed by four hex digits of the UTF-16 code unit. */
export function escapeName(name: string): string {
  return name.replace(UNSAFE, (unit) => `%${unit.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A user id as a sorted-set member: four hex digits per UTF-16 code unit. Redis orders members by
 * bytes; this encoding makes that order the UTF-16 code unit order the Store contract asks for.
 */
export function encodeMember(userId: string): string {
  let member = '';
  for (let i = 0; i < userId.length; i++) member += userId.charCodeAt(i).toString(16).padStart(4, '0');
  return member;
}

export function decodeMember(member: string, key: string): string {
  if (member.length % 4 !== 0 || !/^[0-9a-f]*$/.test(member))
    throw damaged(`${key}: member "${member}" is not a hex-encoded user id`);
  let userId = '';
  for (let i = 0; i < member.length; i += 4) userId += String.fromCharCode(Number.parseInt(member.slice(i, i + 4), 16));
  return userId;
}

export interface UserKeys {
  /** `<version> <state JSON>\n<tails>` (string, see user-blob.ts) */
  readonly state: string;
  /**
   * everything older than the tails, and the journal lines (hash): `r<metric>:<dayStart>` → the
   * series' days before its tail (rollup-codec.ts); `h<streak>:<block>` → a block of held periods
   * (segments.ts); `z<version>` → a zone change, `a<version>` → an owner action (JSON)
   */
  readonly data: string;
  /**
   * first responses: field `<metric>:<key>` → `<recorded instant> <response JSON>` (hash; a value
   * written before the instants were kept is the JSON alone)
   */
  readonly idem: string;
}

/** The keys of one rule's analytics index. */
export interface IndexKeys {
  /** member → `"<version> <length> <longest> <deadAt> <expiresAt> <earnsAt>"`, every user with an entry (hash) */
  readonly entry: string;
  /** the active structures: members with length > 0 not yet retired (sorted sets by deadAt, -length, expiresAt) */
  readonly dead: string;
  readonly len: string;
  readonly exp: string;
  /** length → number of active members (hash) */
  readonly counts: string;
  /** sum of the lengths of the active members (string) */
  readonly sum: string;
  /** members retired from the active structures, by deadAt (sorted set) */
  readonly grave: string;
  /** every member with longest > 0, by -longest (sorted set) */
  readonly best: string;
  /** every member that earns a freeze some day, by earnsAt (sorted set) */
  readonly earn: string;
}

/** The account's activity counters (activity.ts). */
export interface ActivityKeys {
  readonly days: string;
  readonly metrics: string;
  readonly completions: string;
  /** member → the user version last counted, on a Cluster (hash) */
  readonly counted: string;
}

/**
 * A user's outbox entries (outbox.ts): they live in the slot of the user whose write they belong
 * to, so the write's own script commits them; the partition's registry says which users have entries.
 */
export interface UserOutboxKeys {
  /** `<sequence>:<commit instant>:<entry JSON>` by sequence (sorted set) */
  readonly entries: string;
  /** the user's last sequence given out, never reset (string) */
  readonly last: string;
}

/** The account's outbox registry in one partition. */
export interface RegistryKeys {
  /** member → the commit instant of the user's oldest entry, every user with entries (sorted set) */
  readonly users: string;
  /** member → the sequence of the user's last entry the registry has heard of (hash) */
  readonly heard: string;
}

/**
 * One partition of an account's structures (partition.ts): its users, their analytics index lines,
 * their activity counts and their place in the outbox registry, all under one hash tag.
 */
export interface PartitionKeys {
  /** 0 … PARTITIONS − 1 */
  readonly number: number;
  /** the partition's user ids, as members of score 0 (sorted set) */
  readonly users: string;
  readonly activity: ActivityKeys;
  readonly registry: RegistryKeys;
  /** how many of the partition's users have been erased (a number): what read stamps keep beside a version */
  readonly erasures: string;
  /**
   * the idempotency records of the partition's users by the instant each was recorded (sorted set:
   * `<escaped user id>:<idempotency field>` → instant), what `forgetIdempotency` walks oldest first
   */
  readonly idemAt: string;
  index(streak: string): IndexKeys;
  /** member → the user's points lines, `<escaped system> <version> <total> <changed> <dueAt>` a line (hash, points-index.ts) */
  readonly pointsLines: string;
  /** `<member> <escaped system>` of every line due some day, by dueAt (sorted set) */
  readonly pointsDue: string;
  /** member → the user's total in `system`, −1 without a change (sorted set) */
  pointsTotals(system: string): string;
}

export interface AccountKeys {
  readonly schema: string;
  /** every partition, in number order */
  readonly partitions: readonly PartitionKeys[];
  /** the partition of a user's account-level lines */
  partitionOf(userId: string): PartitionKeys;
  /**
   * schema version 2's account-level keys, all under the account's own tag: what the migration to
   * partitions moves (migrate-partitions.ts); its activity counts stay where they are and are read
   * with the partitions'
   */
  readonly unpartitioned: PartitionKeys;
  readonly outbox: { user(userId: string): UserOutboxKeys };
  user(userId: string): UserKeys;
  /**
   * one run-group's ranking (board-rankings.ts), under a tag of its own: `entries` the sorted set of
   * the order, `versions` the hash of each user's version applied and member
   */
  board(board: string, run: number, group: string): { readonly entries: string; readonly versions: string };
  /** the run-groups a user was entered in, in the user's slot (a set of `[board, run, group]` as JSON) */
  boardsOf(userId: string): string;
}

export function checkKeyPrefix(prefix: string): string {
  if (typeof prefix !== 'string' || prefix.length === 0 || /[{}]/.test(prefix)) {
    throw new StoreError(`keyPrefix must be a non-empty string without "{" or "}", got ${JSON.stringify(prefix)}`);
  }
  return prefix;
}

/** How many rule names an account keeps escaped (a hostile caller naming rules without end keeps no more). */
const KEPT_RULE_NAMES = 1000;

/**
 * The keys of one partition, under the tag `<head><tail>` (a prefix and a hash tag, `head` the
 * part every partition of the account shares). Each key is made when asked for, not kept: a
 * server keeps a store for each namespace it has served, and kept, the 17 partitions' keys
 * (and 9 per rule for each) of a namespace cost it about 15 KB and more with every rule, most of
 * it the account's name over again; made, a key costs one concatenation, next to a Redis round
 * trip. On the prototype, so that a partition holds three references.
 */
class PartitionKeyNames implements PartitionKeys {
  constructor(
    private readonly head: string,
    private readonly tail: string,
    readonly number: number,
    private readonly ruleName: (streak: string) => string,
  ) {}

  private get tag(): string {
    return `${this.head}${this.tail}`;
  }

  get users(): string {
    return `${this.tag}:users`;
  }

  get activity(): ActivityKeys {
    const tag = this.tag;
    return { days: `${tag}:act:d`, metrics: `${tag}:act:m`, completions: `${tag}:act:c`, counted: `${tag}:act:v` };
  }

  get registry(): RegistryKeys {
    const tag = this.tag;
    return { users: `${tag}:ob:u`, heard: `${tag}:ob:h` };
  }

  get erasures(): string {
    return `${this.tag}:erased`;
  }

  get idemAt(): string {
    return `${this.tag}:idem-at`;
  }

  get pointsLines(): string {
    return `${this.tag}:pl`;
  }

  get pointsDue(): string {
    return `${this.tag}:pdue`;
  }

  pointsTotals(system: string): string {
    return `${this.tag}:pt:${escapeName(system)}`;
  }

  index(streak: string): IndexKeys {
    const base = `${this.tag}:ix:${this.ruleName(streak)}`;
    return {
      entry: `${base}:entry`,
      dead: `${base}:dead`,
      len: `${base}:len`,
      exp: `${base}:exp`,
      counts: `${base}:counts`,
      sum: `${base}:sum`,
      grave: `${base}:grave`,
      best: `${base}:best`,
      earn: `${base}:earn`,
    };
  }
}

/** `escapeName` of rule names, kept for the account's first rules: asked for on every event. */
function ruleNames(): (streak: string) => string {
  const escaped = new Map<string, string>();
  return (streak) => {
    const known = escaped.get(streak);
    if (known !== undefined) return known;
    const name = escapeName(streak);
    if (escaped.size < KEPT_RULE_NAMES) escaped.set(streak, name);
    return name;
  };
}

/**
 * The keys of an account. Its own tag `{<account>}` holds only the schema version; a user's keys
 * are under `{<account>:<user>}`; the account-level structures are under `{<account>::<n>}`, one tag
 * per partition. An escaped name holds no ":", so no user tag or account tag is a partition's.
 */
export function accountKeys(prefix: string, account: string): AccountKeys {
  if (typeof account !== 'string' || account.length === 0)
    throw new StoreError(`account must be a non-empty string, got ${JSON.stringify(account)}`);
  const name = escapeName(account);
  const accountTag = `${checkKeyPrefix(prefix)}:{${name}`;
  const userBase = `${accountTag}:`;
  const partitionHead = `${accountTag}::`;
  const ruleName = ruleNames();
  const partitions = Array.from(
    { length: PARTITIONS },
    (_, n) => new PartitionKeyNames(partitionHead, `${n}}`, n, ruleName),
  );
  return {
    schema: `${accountTag}}:schema`,
    partitions,
    partitionOf: (userId) => partitions[partitionNumber(userId)] as PartitionKeys,
    unpartitioned: new PartitionKeyNames(accountTag, '}', -1, ruleName),
    outbox: {
      // Asked for only by writes with news and by the outbox's reads: the event path makes no more keys.
      user(userId) {
        const base = `${userBase}${escapeName(userId)}}`;
        return { entries: `${base}:o`, last: `${base}:on` };
      },
    },
    user(userId) {
      const base = `${userBase}${escapeName(userId)}}`;
      return { state: `${base}:s`, data: `${base}:d`, idem: `${base}:i` };
    },
    // `:::` then the board: no user tag (one `:`, an escaped id holds none) nor partition tag (`::<n>`) is one
    board(board, run, group) {
      const base = `${partitionHead}:${escapeName(board)}:${run}:${escapeName(group)}}`;
      return { entries: `${base}:z`, versions: `${base}:v` };
    },
    boardsOf(userId) {
      return `${userBase}${escapeName(userId)}}:lb`;
    },
  };
}

/** The index keys in the order the Lua scripts take them. */
export function indexKeyList(keys: IndexKeys): string[] {
  return [keys.entry, keys.dead, keys.len, keys.exp, keys.counts, keys.sum, keys.grave, keys.best, keys.earn];
}

/** A rollup series: `<escaped metric>:<dayStart>`. */
export function seriesName(metric: string, dayStart: number): string {
  return `${escapeName(metric)}:${dayStart}`;
}

/** The data hash's field of a series' older days. */
export function rollupField(series: string): string {
  return `r${series}`;
}

/** The data hash's field of a sealed block of a rule's held periods (rule name escaped). */
export function historyField(rule: string, block: number): string {
  return `h${rule}:${block}`;
}

/** The data hash's field of a journal line written by the commit of `version`. */
export function journalField(kind: 'zone' | 'action', version: number): string {
  return `${kind === 'zone' ? 'z' : 'a'}${version}`;
}

export function idempotencyField(metric: string, key: string): string {
  return `${escapeName(metric)}:${escapeName(key)}`;
}

/**
 * The member of a partition's `idemAt` of one user's record: the user's escaped id (which holds no
 * ":"), then the record's field. Not the hex of `encodeMember`: no order of users is asked of it,
 * and a 255-character id would take four times the bytes in every line.
 */
export function idempotencyMember(userId: string, field: string): string {
  return `${escapeName(userId)}:${field}`;
}

export function unescapeName(name: string): string {
  return name.replace(/%([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
