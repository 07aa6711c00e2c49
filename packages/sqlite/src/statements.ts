/**
 * Every SQL statement of the store, prepared once per connection. Each one is bounded by
 * (account, user) or (account, rule) and reads a primary key or index range (see migrations/).
 */
import type Database from 'better-sqlite3';

type Statement<P extends unknown[], R = unknown> = Database.Statement<P, R>;

export interface Statements {
  /** changes whenever another connection commits to the file (state-cache.ts) */
  dataVersion: Statement<[], number>;
  /** [state, open_rollups] */
  loadUser: Statement<[string, Buffer], [string, string | null]>;
  saveUser: Statement<[string, Buffer, number, string, string | null]>;
  /** the row of a user known to be there: one look-up, where the upsert's insert looks first and its update again */
  updateUser: Statement<[number, string, string | null, string, Buffer]>;
  openRollups: Statement<[string, Buffer], string | null>;
  userVersion: Statement<[string, Buffer], number>;
  /** the account's count of erasures (migration 011), none before the first */
  erasures: Statement<[string], number>;
  countErasure: Statement<[string]>;
  clearErasures: Statement<[string]>;
  users: Statement<[string, number], Buffer>;
  usersAfter: Statement<[string, Buffer, number], Buffer>;
  countUsers: Statement<[string], number>;
  /** [block, data] rows of one rule's blocks in a range, in block order */
  history: Statement<[string, Buffer, string, number, number], [number, Buffer]>;
  historyBlock: Statement<[string, Buffer, string, number], Buffer>;
  saveHistoryBlock: Statement<[string, Buffer, string, number, Buffer]>;
  /** a block just read: rewritten in place (one look-up, as `updateUser`) */
  updateHistoryBlock: Statement<[Buffer, string, Buffer, string, number]>;
  clearHistory: Statement<[string, Buffer]>;
  rollups: Statement<[string, Buffer]>;
  addRollup: Statement<[string, Buffer, string, number, number, number, number, number]>;
  /** the sum kept in the table for one (metric, day start, day) */
  rollupValue: Statement<[string, Buffer, string, number, number], number>;
  journal: Statement<[string, Buffer]>;
  appendJournal: Statement<[string, Buffer, 'zone' | 'action', string]>;
  /** the response of a record recorded at or after the last argument (within its retention) */
  replay: Statement<[string, Buffer, string, Buffer, number], string>;
  /** a record; an older one of the key is replaced only when recorded before the last argument */
  saveReplay: Statement<[string, Buffer, string, Buffer, string, number, number]>;
  /** removes at most the last argument of the account's records recorded before the instant, oldest first */
  forgetReplays: Statement<[string, number, number]>;
  /** whether the account holds a record recorded before the instant */
  oldReplay: Statement<[string, number], number>;
  /** [length, longest, dead_at, expires_at, earns_at] of one user's line of one rule */
  indexLine: Statement<[string, string, Buffer], IndexColumns>;
  insertIndex: Statement<[string, string, Buffer, ...IndexColumns]>;
  /**
   * The update of a line that sets only the columns in `changed` (a bit per column of INDEX_COLUMNS,
   * in order), taking their new values and then (account, streak, user_id). Prepared on first use.
   */
  updateIndex(changed: number): Statement<unknown[]>;
  /** the same, only where the columns not set hold the values given after the key (index-lines.ts) */
  updateIndexWhere(changed: number): Statement<unknown[]>;
  lengths: Statement<[string, string, number]>;
  topCurrent: Statement<[string, string, number, number]>;
  topLongest: Statement<[string, string, number]>;
  /** [user_id, length, expires_at] rows (raw: no object per row, a sweep reads one per user it settles) */
  expiring: Statement<[string, string, number, number, number], ExpiringColumns>;
  earning: Statement<[string, string, number, number]>;
  /** the same, after a given (expires_at, user_id): the next page */
  expiringAfter: Statement<[string, string, number, number, number, Buffer, number], ExpiringColumns>;
  addDay: Statement<[string, string, number, number, number, number]>;
  addMetric: Statement<[string, string, number, number, number]>;
  addCompletions: Statement<[string, string, number, number]>;
  activityDays: Statement<
    [string, string, string],
    { day: string; events: number; extended: number; lost: number; freezes_used: number }
  >;
  activityMetrics: Statement<[string], { metric: string; total: number; events: number; last_at: number }>;
  activityAchievements: Statement<[string], { achievement: string; completions: number }>;
  saveOutbox: Statement<[string, Buffer, string]>;
  /** [seq, entry] rows of the account's outbox, in seq order */
  outbox: Statement<[string, number], [number, string]>;
  removeOutbox: Statement<[string, number]>;
  /** the erasure of one user (S26): a statement per table, each a range of its primary key or of an index by user */
  eraseUser: Statement<[string, Buffer]>;
  eraseHistory: Statement<[string, Buffer]>;
  eraseRollups: Statement<[string, Buffer]>;
  eraseJournal: Statement<[string, Buffer]>;
  eraseReplays: Statement<[string, Buffer]>;
  eraseOutbox: Statement<[string, Buffer]>;
  eraseIndex: Statement<[string, Buffer]>;
  erasePoints: Statement<[string, Buffer]>;
  /** a user's line in a points system's index (migrations/013_points_index.sql), inserted or replaced */
  savePointsLine: Statement<[string, string, Buffer, number, number, number | null]>;
  /** lines with a change of one system whose total is in [from, to) */
  pointsBetween: Statement<[string, string, number, number], number>;
  /** lines with a change of one system whose total is at least the bound */
  pointsFrom: Statement<[string, string, number], number>;
  /** the largest total of one system's lines with a change (null: none) */
  pointsLargest: Statement<[string, string], number | null>;
  /** lines due before the instant, soonest first, ties by user id then system */
  pointsDue: Statement<[string, number, number], { user_id: Buffer; system: string; due_at: number }>;
  /** a user's entry in a run-group (migrations/016_board_entries.sql), replaced only by a newer version */
  saveBoardEntry: Statement<[string, string, number, string, Buffer, number | null, number, number]>;
  /** how many other users' entries rank before (value, reachedAt, user): value greater, equal and reached earlier, equal at once with a smaller id */
  boardBefore: Statement<[BoardPlaceParams], number>;
  boardCount: Statement<[string, string, number, string], number>;
  boardPage: Statement<[string, string, number, string, number, number], [Buffer, number, number]>;
  eraseBoards: Statement<[string, Buffer]>;
  /** the account's activity counts, each table by its key's first column */
  clearDays: Statement<[string]>;
  clearMetrics: Statement<[string]>;
  clearAchievements: Statement<[string]>;
}

function prepare<P extends unknown[], R = unknown>(db: Database.Database, source: string): Statement<P, R> {
  return db.prepare<P, R>(source);
}

/** Where `boardBefore` places an entry: its run-group, value, instant reached and user. */
export interface BoardPlaceParams {
  account: string;
  board: string;
  run: number;
  grp: string;
  value: number;
  reachedAt: number;
  user: Buffer;
}

/** The columns of an index line, in the order `indexLine` reads them and `insertIndex` takes them. */
export const INDEX_COLUMNS = ['length', 'longest', 'dead_at', 'expires_at', 'earns_at'] as const;
export type IndexColumns = [number, number, number, number, number | null];
/** A row of `expiring`: the user's key, the line's length and expires_at. */
export type ExpiringColumns = [Buffer, number, number];

/**
 * An index line is updated with only its changed columns set: SQLite then leaves alone every index
 * of streak_index that holds none of them, where setting a column to its own value still rewrites
 * the entries of each index that holds it (an event that extends a streak below its longest moves
 * neither the longest streaks' index nor the earnings', two of the pages an index write puts in the
 * log).
 */
/**
 * The same, on the row whose every column not set holds a given value (`IS`, for earns_at's NULL):
 * the columns set, then the key, then the values of the others in INDEX_COLUMNS' order.
 */
function indexUpdatesWhere(db: Database.Database): (changed: number) => Statement<unknown[]> {
  const prepared = new Map<number, Statement<unknown[]>>();
  return (changed) => {
    let statement = prepared.get(changed);
    if (statement === undefined) {
      const set = INDEX_COLUMNS.filter((_, i) => (changed & (1 << i)) !== 0).map((column) => `${column} = ?`);
      const held = INDEX_COLUMNS.filter((_, i) => (changed & (1 << i)) === 0).map((column) => ` AND ${column} IS ?`);
      statement = prepare<unknown[]>(
        db,
        `UPDATE streak_index SET ${set.join(', ')} WHERE account = ? AND streak = ? AND user_id = ?${held.join('')}`,
      );
      prepared.set(changed, statement);
    }
    return statement;
  };
}

function indexUpdates(db: Database.Database): (changed: number) => Statement<unknown[]> {
  const prepared = new Map<number, Statement<unknown[]>>();
  return (changed) => {
    let statement = prepared.get(changed);
    if (statement === undefined) {
      const set = INDEX_COLUMNS.filter((_, i) => (changed & (1 << i)) !== 0).map((column) => `${column} = ?`);
      statement = prepare<unknown[]>(
        db,
        `UPDATE streak_index SET ${set.join(', ')} WHERE account = ? AND streak = ? AND user_id = ?`,
      );
      prepared.set(changed, statement);
    }
    return statement;
  };
}

export function prepareStatements(db: Database.Database): Statements {
  return {
    dataVersion: prepare<[], number>(db, 'PRAGMA data_version').pluck(),
    loadUser: prepare<[string, Buffer], [string, string | null]>(
      db,
      'SELECT state, open_rollups FROM users WHERE account = ? AND user_id = ?',
    ).raw(),
    openRollups: prepare<[string, Buffer], string | null>(
      db,
      'SELECT open_rollups FROM users WHERE account = ? AND user_id = ?',
    ).pluck(),
    userVersion: prepare<[string, Buffer], number>(
      db,
      'SELECT version FROM users WHERE account = ? AND user_id = ?',
    ).pluck(),
    erasures: prepare<[string], number>(db, 'SELECT count FROM erasures WHERE account = ?').pluck(),
    countErasure: prepare<[string]>(
      db,
      'INSERT INTO erasures (account, count) VALUES (?, 1) ON CONFLICT (account) DO UPDATE SET count = count + 1',
    ),
    clearErasures: prepare<[string]>(db, 'DELETE FROM erasures WHERE account = ?'),
    saveUser: prepare<[string, Buffer, number, string, string | null]>(
      db,
      'INSERT INTO users (account, user_id, version, state, open_rollups) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (account, user_id) DO UPDATE SET version = excluded.version, state = excluded.state, open_rollups = excluded.open_rollups',
    ),
    updateUser: prepare<[number, string, string | null, string, Buffer]>(
      db,
      'UPDATE users SET version = ?, state = ?, open_rollups = ? WHERE account = ? AND user_id = ?',
    ),
    users: prepare<[string, number], Buffer>(
      db,
      'SELECT user_id FROM users WHERE account = ? ORDER BY user_id LIMIT ?',
    ).pluck(),
    usersAfter: prepare<[string, Buffer, number], Buffer>(
      db,
      'SELECT user_id FROM users WHERE account = ? AND user_id > ? ORDER BY user_id LIMIT ?',
    ).pluck(),
    countUsers: prepare<[string], number>(db, 'SELECT count(*) FROM users WHERE account = ?').pluck(),

    // Held periods live in blocks of 128 periods (src/history-blocks.ts, migrations/002_history_blocks.sql).
    history: prepare<[string, Buffer, string, number, number], [number, Buffer]>(
      db,
      'SELECT block, data FROM history_blocks WHERE account = ? AND user_id = ? AND streak = ? AND block BETWEEN ? AND ? ORDER BY block',
    ).raw(),
    historyBlock: prepare<[string, Buffer, string, number], Buffer>(
      db,
      'SELECT data FROM history_blocks WHERE account = ? AND user_id = ? AND streak = ? AND block = ?',
    ).pluck(),
    saveHistoryBlock: prepare<[string, Buffer, string, number, Buffer]>(
      db,
      'INSERT INTO history_blocks (account, user_id, streak, block, data) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account, user_id, streak, block) DO UPDATE SET data = excluded.data',
    ),
    updateHistoryBlock: prepare<[Buffer, string, Buffer, string, number]>(
      db,
      'UPDATE history_blocks SET data = ? WHERE account = ? AND user_id = ? AND streak = ? AND block = ?',
    ),
    clearHistory: prepare<[string, Buffer]>(db, 'DELETE FROM history_blocks WHERE account = ? AND user_id = ?'),

    rollups: prepare<[string, Buffer]>(
      db,
      'SELECT metric, day_start, day, value, last_at, version FROM rollups WHERE account = ? AND user_id = ? ORDER BY version, metric, day_start, day',
    ),
    addRollup: prepare<[string, Buffer, string, number, number, number, number, number]>(
      db,
      'INSERT INTO rollups (account, user_id, metric, day_start, day, value, last_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account, user_id, metric, day_start, day) ' +
        'DO UPDATE SET value = value + excluded.value, last_at = max(last_at, excluded.last_at), version = min(version, excluded.version)',
    ),

    rollupValue: prepare<[string, Buffer, string, number, number], number>(
      db,
      'SELECT value FROM rollups WHERE account = ? AND user_id = ? AND metric = ? AND day_start = ? AND day = ?',
    ).pluck(),

    journal: prepare<[string, Buffer]>(
      db,
      'SELECT kind, line FROM journal WHERE account = ? AND user_id = ? ORDER BY seq',
    ),
    appendJournal: prepare<[string, Buffer, 'zone' | 'action', string]>(
      db,
      'INSERT INTO journal (account, user_id, kind, line) VALUES (?, ?, ?, ?)',
    ),

    replay: prepare<[string, Buffer, string, Buffer, number], string>(
      db,
      'SELECT response FROM idempotency WHERE account = ? AND user_id = ? AND metric = ? AND key = ? AND recorded_at >= ?',
    ).pluck(),
    saveReplay: prepare<[string, Buffer, string, Buffer, string, number, number]>(
      db,
      `INSERT INTO idempotency (account, user_id, metric, key, response, recorded_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (account, user_id, metric, key) DO UPDATE SET response = excluded.response, recorded_at = excluded.recorded_at
       WHERE idempotency.recorded_at < ?`,
    ),
    forgetReplays: prepare<[string, number, number]>(
      db,
      `DELETE FROM idempotency WHERE rowid IN
       (SELECT rowid FROM idempotency WHERE account = ? AND recorded_at < ? ORDER BY recorded_at LIMIT ?)`,
    ),
    oldReplay: prepare<[string, number], number>(
      db,
      'SELECT 1 FROM idempotency WHERE account = ? AND recorded_at < ? LIMIT 1',
    ).pluck(),

    addDay: prepare<[string, string, number, number, number, number]>(
      db,
      'INSERT INTO activity_days (account, day, events, extended, lost, freezes_used) VALUES (?, ?, ?, ?, ?, ?) ' +
        'ON CONFLICT (account, day) DO UPDATE SET events = events + excluded.events, extended = extended + excluded.extended, ' +
        'lost = lost + excluded.lost, freezes_used = freezes_used + excluded.freezes_used',
    ),
    addMetric: prepare<[string, string, number, number, number]>(
      db,
      'INSERT INTO activity_metrics (account, metric, total, events, last_at) VALUES (?, ?, ?, ?, ?) ' +
        'ON CONFLICT (account, metric) DO UPDATE SET total = total + excluded.total, events = events + excluded.events, last_at = max(last_at, excluded.last_at)',
    ),
    addCompletions: prepare<[string, string, number, number]>(
      db,
      'INSERT INTO activity_achievements (account, achievement, completions) VALUES (?, ?, ?) ON CONFLICT (account, achievement) DO UPDATE SET completions = completions + ?',
    ),
    activityDays: prepare(
      db,
      'SELECT day, events, extended, lost, freezes_used FROM activity_days WHERE account = ? AND day >= ? AND day <= ? ORDER BY day',
    ),
    activityMetrics: prepare(
      db,
      'SELECT metric, total, events, last_at FROM activity_metrics WHERE account = ? ORDER BY metric',
    ),
    activityAchievements: prepare(
      db,
      'SELECT achievement, completions FROM activity_achievements WHERE account = ? ORDER BY achievement',
    ),

    // The outbox (migrations/005_outbox.sql): written only by a write that carries news.
    saveOutbox: prepare<[string, Buffer, string]>(db, 'INSERT INTO outbox (account, user_id, entry) VALUES (?, ?, ?)'),
    // INDEXED BY: with one account in the file, the planner would rather scan the table in seq order;
    // with several, that scan reads every other account's entries queued before this one's.
    outbox: prepare<[string, number], [number, string]>(
      db,
      'SELECT seq, entry FROM outbox INDEXED BY outbox_by_account WHERE account = ? ORDER BY seq LIMIT ?',
    ).raw(),
    removeOutbox: prepare<[string, number]>(db, 'DELETE FROM outbox WHERE account = ? AND seq = ?'),

    // The children first, so that the foreign keys' cascade finds nothing left to delete.
    eraseUser: prepare<[string, Buffer]>(db, 'DELETE FROM users WHERE account = ? AND user_id = ?'),
    eraseHistory: prepare<[string, Buffer]>(db, 'DELETE FROM history_blocks WHERE account = ? AND user_id = ?'),
    eraseRollups: prepare<[string, Buffer]>(db, 'DELETE FROM rollups WHERE account = ? AND user_id = ?'),
    eraseJournal: prepare<[string, Buffer]>(db, 'DELETE FROM journal WHERE account = ? AND user_id = ?'),
    eraseReplays: prepare<[string, Buffer]>(db, 'DELETE FROM idempotency WHERE account = ? AND user_id = ?'),
    // the account's outbox holds what the relay has not handed on yet: one range of the account's entries
    eraseOutbox: prepare<[string, Buffer]>(
      db,
      'DELETE FROM outbox WHERE seq IN (SELECT seq FROM outbox INDEXED BY outbox_by_account WHERE account = ? AND user_id = ?)',
    ),
    // INDEXED BY: without statistics the planner would rather read the account's range of the primary key
    clearDays: prepare<[string]>(db, 'DELETE FROM activity_days WHERE account = ?'),
    clearMetrics: prepare<[string]>(db, 'DELETE FROM activity_metrics WHERE account = ?'),
    clearAchievements: prepare<[string]>(db, 'DELETE FROM activity_achievements WHERE account = ?'),
    eraseIndex: prepare<[string, Buffer]>(
      db,
      'DELETE FROM streak_index INDEXED BY streak_index_by_user WHERE account = ? AND user_id = ?',
    ),

    erasePoints: prepare<[string, Buffer]>(
      db,
      'DELETE FROM points_index INDEXED BY points_index_by_user WHERE account = ? AND user_id = ?',
    ),
    saveBoardEntry: prepare<[string, string, number, string, Buffer, number | null, number, number]>(
      db,
      `INSERT INTO board_entries (account, board, run, grp, user_id, value, reached_at, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (account, board, run, grp, user_id) DO UPDATE SET value = excluded.value, reached_at = excluded.reached_at,
       version = excluded.version WHERE excluded.version > board_entries.version`,
    ),
    // three range counts on the order index (one OR of them would scan the whole run-group); the user's own entry left out
    boardBefore: prepare<[BoardPlaceParams], number>(
      db,
      `SELECT
         (SELECT count(*) FROM board_entries INDEXED BY board_entries_order
           WHERE account = @account AND board = @board AND run = @run AND grp = @grp AND value IS NOT NULL
             AND value > @value AND user_id <> @user)
       + (SELECT count(*) FROM board_entries INDEXED BY board_entries_order
           WHERE account = @account AND board = @board AND run = @run AND grp = @grp AND value = @value
             AND reached_at < @reachedAt AND user_id <> @user)
       + (SELECT count(*) FROM board_entries INDEXED BY board_entries_order
           WHERE account = @account AND board = @board AND run = @run AND grp = @grp AND value = @value
             AND reached_at = @reachedAt AND user_id < @user)`,
    ).pluck(),
    boardCount: prepare<[string, string, number, string], number>(
      db,
      'SELECT count(*) FROM board_entries INDEXED BY board_entries_order WHERE account = ? AND board = ? AND run = ? AND grp = ? AND value IS NOT NULL',
    ).pluck(),
    boardPage: prepare<[string, string, number, string, number, number], [Buffer, number, number]>(
      db,
      'SELECT user_id, value, reached_at FROM board_entries INDEXED BY board_entries_order WHERE account = ? AND board = ? AND run = ? AND grp = ? AND value IS NOT NULL ORDER BY value DESC, reached_at, user_id LIMIT ? OFFSET ?',
    ).raw(),
    eraseBoards: prepare<[string, Buffer]>(
      db,
      'DELETE FROM board_entries INDEXED BY board_entries_by_user WHERE account = ? AND user_id = ?',
    ),
    savePointsLine: prepare<[string, string, Buffer, number, number, number | null]>(
      db,
      'INSERT OR REPLACE INTO points_index (account, system, user_id, total, changed, due_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    pointsBetween: prepare<[string, string, number, number], number>(
      db,
      'SELECT count(*) FROM points_index INDEXED BY points_index_totals WHERE account = ? AND system = ? AND changed = 1 AND total >= ? AND total < ?',
    ).pluck(),
    pointsFrom: prepare<[string, string, number], number>(
      db,
      'SELECT count(*) FROM points_index INDEXED BY points_index_totals WHERE account = ? AND system = ? AND changed = 1 AND total >= ?',
    ).pluck(),
    pointsLargest: prepare<[string, string], number | null>(
      db,
      'SELECT max(total) FROM points_index INDEXED BY points_index_totals WHERE account = ? AND system = ? AND changed = 1',
    ).pluck(),
    pointsDue: prepare<[string, number, number], { user_id: Buffer; system: string; due_at: number }>(
      db,
      'SELECT user_id, system, due_at FROM points_index INDEXED BY points_index_due WHERE account = ? AND due_at IS NOT NULL AND due_at < ? ORDER BY due_at, user_id, system LIMIT ?',
    ),
    indexLine: prepare<[string, string, Buffer], IndexColumns>(
      db,
      `SELECT ${INDEX_COLUMNS.join(', ')} FROM streak_index WHERE account = ? AND streak = ? AND user_id = ?`,
    ).raw(),
    insertIndex: prepare<[string, string, Buffer, ...IndexColumns]>(
      db,
      `INSERT INTO streak_index (account, streak, user_id, ${INDEX_COLUMNS.join(', ')}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    updateIndex: indexUpdates(db),
    updateIndexWhere: indexUpdatesWhere(db),
    earning: prepare<[string, string, number, number]>(
      db,
      'SELECT user_id FROM streak_index WHERE account = ? AND streak = ? AND earns_at < ? ORDER BY earns_at, user_id LIMIT ?',
    ).pluck(),
    /** active lines by length: count per length, from which `active` and `lengthSum` follow */
    lengths: prepare<[string, string, number]>(
      db,
      'SELECT length, count(*) AS users FROM streak_index WHERE account = ? AND streak = ? AND length > 0 AND dead_at > ? GROUP BY length ORDER BY length',
    ),
    topCurrent: prepare<[string, string, number, number]>(
      db,
      'SELECT user_id, length FROM streak_index WHERE account = ? AND streak = ? AND length > 0 AND dead_at > ? ORDER BY length DESC, user_id LIMIT ?',
    ),
    topLongest: prepare<[string, string, number]>(
      db,
      'SELECT user_id, longest FROM streak_index WHERE account = ? AND streak = ? AND longest > 0 ORDER BY longest DESC, user_id LIMIT ?',
    ),
    expiring: prepare<[string, string, number, number, number], ExpiringColumns>(
      db,
      'SELECT user_id, length, expires_at FROM streak_index WHERE account = ? AND streak = ? AND length > 0 AND dead_at > ? AND expires_at < ? ORDER BY expires_at, user_id LIMIT ?',
    ).raw(),
    expiringAfter: prepare<[string, string, number, number, number, Buffer, number], ExpiringColumns>(
      db,
      'SELECT user_id, length, expires_at FROM streak_index WHERE account = ? AND streak = ? AND length > 0 AND dead_at > ? AND expires_at < ? ' +
        'AND (expires_at, user_id) > (?, ?) ORDER BY expires_at, user_id LIMIT ?',
    ).raw(),
  };
}
