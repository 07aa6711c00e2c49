-- 005: the account's outbox: news of each write's changes (OutboxEntry of @kindling/core, as JSON),
-- inserted in the transaction of the write that carries it, so that news is committed if and only
-- if its change is. A relay reads the entries in seq order and deletes them once handed on.
--
-- seq is the entry's position. AUTOINCREMENT keeps a seq from ever being given again once its row
-- is deleted: a relay that read an entry and deletes it late (after another relay already had) must
-- not delete a newer entry that took the same number. Writers take the file's lock one at a time,
-- so seq order is commit order, across processes too. No foreign key to users: the news of a change
-- is kept until handed on, whatever becomes of the user's rows.
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  entry TEXT NOT NULL
);
-- An account's entries in seq order (each index entry ends with its row's seq): readOutbox reads one range.
CREATE INDEX outbox_by_account ON outbox (account);
