-- 016: each user's entry in each run-group of a leaderboard (the BoardLine of @kindling/core's
-- writes, S45): the value, the instant it was reached, and the user's state version it was applied
-- at. A line replaces the entry only when its version is newer (the upsert's WHERE), so a line
-- applied twice or after a newer one changes nothing; a user who leaves a run-group (a streak
-- lost, a move to another group) keeps a row without a value, which holds the version. Ranks are
-- counted on the order index (value first, then who reached it first, then the user id: S45),
-- never by sorting the run-group.
CREATE TABLE board_entries (
  account TEXT NOT NULL,
  board TEXT NOT NULL,
  run INTEGER NOT NULL,
  grp TEXT NOT NULL,
  user_id BLOB NOT NULL,
  value REAL,
  reached_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  PRIMARY KEY (account, board, run, grp, user_id)
) WITHOUT ROWID;
CREATE INDEX board_entries_order ON board_entries (account, board, run, grp, value DESC, reached_at, user_id)
  WHERE value IS NOT NULL;
CREATE INDEX board_entries_by_user ON board_entries (account, user_id);
