-- kindling: foreign keys off
-- 014: users' rows in a table with rowids. In the WITHOUT ROWID table of version 1 a row keeps at
-- most about 1,000 bytes in its page and the rest in an overflow page of its own, freed and taken
-- again on every write: a state of 2 KB (two points systems with their latest awards, or a few
-- streak rules) took two pages, and its write cost about five times a small state's. A table with
-- rowids keeps rows of up to about 4,000 bytes in its pages, and finds them by the unique index of
-- its primary key. The rows are copied over once, when this version first opens the file; the
-- tables that refer to users name it, not its rowids, and are left as they are.
CREATE TABLE users_rows (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  version INTEGER NOT NULL,
  state TEXT NOT NULL,
  open_rollups TEXT,
  PRIMARY KEY (account, user_id)
);
INSERT INTO users_rows (account, user_id, version, state, open_rollups)
  SELECT account, user_id, version, state, open_rollups FROM users;
DROP TABLE users;
ALTER TABLE users_rows RENAME TO users;
