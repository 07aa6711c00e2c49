-- 010: the analytics index without its foreign key to users, and with an index by user, for the
-- erasure of a user (S26), which deletes the user's lines itself before the user's row. The table's
-- key starts with the rule, so finding a user's lines read every line of the account: 75 ms per
-- erased user with 100,000 users under two rules, holding the file's write lock, and the foreign
-- key's check when the row went did the same again (SQLite planned it on the key). The new index is
-- written only when a user's first line of a rule is inserted: a line updated in place sets no
-- column it holds. The lines are copied over once, when this version first opens the file.
CREATE TABLE streak_index_rows (
  account TEXT NOT NULL,
  streak TEXT NOT NULL,
  user_id BLOB NOT NULL,
  length INTEGER NOT NULL,
  longest INTEGER NOT NULL,
  dead_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  earns_at REAL,
  PRIMARY KEY (account, streak, user_id)
) WITHOUT ROWID;
INSERT INTO streak_index_rows (account, streak, user_id, length, longest, dead_at, expires_at, earns_at)
  SELECT account, streak, user_id, length, longest, dead_at, expires_at, earns_at FROM streak_index;
DROP TABLE streak_index;
ALTER TABLE streak_index_rows RENAME TO streak_index;
CREATE INDEX streak_index_current ON streak_index (account, streak, length DESC, user_id, dead_at) WHERE length > 0;
CREATE INDEX streak_index_longest ON streak_index (account, streak, longest DESC, user_id) WHERE longest > 0;
CREATE INDEX streak_index_expiring ON streak_index (account, streak, expires_at, user_id, dead_at, length) WHERE length > 0;
CREATE INDEX streak_index_earning ON streak_index (account, streak, earns_at, user_id) WHERE earns_at IS NOT NULL;
CREATE INDEX streak_index_by_user ON streak_index (account, user_id);
