-- 001: the first Kindling schema.
--
-- Every row belongs to an account, so that one file can hold several whose data never mixes.
-- User ids and idempotency keys are BLOBs holding their UTF-16 code units big-endian: byte order is
-- then the order of JavaScript strings (the order `users()` promises), and no id is altered by a
-- conversion to UTF-8 (two ids with different lone surrogates stay two ids).

CREATE TABLE users (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  version INTEGER NOT NULL,
  state TEXT NOT NULL,
  PRIMARY KEY (account, user_id)
) WITHOUT ROWID;

-- Held periods, read by range of period index through the primary key.
CREATE TABLE history (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  streak TEXT NOT NULL,
  period INTEGER NOT NULL,
  length INTEGER NOT NULL,
  held_by TEXT NOT NULL,
  PRIMARY KEY (account, user_id, streak, period),
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Sums of one metric per local day (and day start): value adds up, last_at keeps the maximum,
-- version (the user's version after the first event summed) keeps the minimum and orders them.
CREATE TABLE rollups (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  metric TEXT NOT NULL,
  day_start INTEGER NOT NULL,
  day INTEGER NOT NULL,
  value REAL NOT NULL,
  last_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (account, user_id, metric, day_start, day),
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Zone changes and owner actions, as JSON lines in the order they were written.
CREATE TABLE journal (
  seq INTEGER PRIMARY KEY,
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('zone', 'action')),
  line TEXT NOT NULL,
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
);
CREATE INDEX journal_by_user ON journal (account, user_id, seq);

-- The first response of each event sent with an idempotency key (S18).
CREATE TABLE idempotency (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  metric TEXT NOT NULL,
  key BLOB NOT NULL,
  response TEXT NOT NULL,
  PRIMARY KEY (account, user_id, metric, key),
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- The analytics index: one line per (rule, user). Each query of stats() and expiring() is a range
-- of one of the partial indexes below, never a scan of every user.
CREATE TABLE streak_index (
  account TEXT NOT NULL,
  streak TEXT NOT NULL,
  user_id BLOB NOT NULL,
  length INTEGER NOT NULL,
  longest INTEGER NOT NULL,
  dead_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (account, streak, user_id),
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
) WITHOUT ROWID;
-- alive at an instant: count, sum, histogram
CREATE INDEX streak_index_alive ON streak_index (account, streak, dead_at, length) WHERE length > 0;
-- longest current streaks, ties by user id
CREATE INDEX streak_index_current ON streak_index (account, streak, length DESC, user_id, dead_at) WHERE length > 0;
-- longest streaks ever
CREATE INDEX streak_index_longest ON streak_index (account, streak, longest DESC, user_id) WHERE longest > 0;
-- soonest to expire
CREATE INDEX streak_index_expiring ON streak_index (account, streak, expires_at, user_id, dead_at, length) WHERE length > 0;
