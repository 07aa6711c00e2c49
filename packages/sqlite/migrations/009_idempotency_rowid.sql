-- 009: the first answers of idempotency keys (S18) in a table with rowids, found through a unique
-- index. In a WITHOUT ROWID table a row keeps at most about 1,000 bytes in its page and the rest in
-- an overflow page of its own: an answer of 750 to 1,200 bytes took a whole 4,096-byte page, about
-- 4.7 KB per keyed event in all (every line of `kindling import` carries a key). A table with rowids
-- keeps rows of up to about 4,000 bytes in its pages: about 1.5 KB per keyed event, the index
-- included. The rows are copied over once, when this version first opens the file.
CREATE TABLE idempotency_rows (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  metric TEXT NOT NULL,
  key BLOB NOT NULL,
  response TEXT NOT NULL,
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
);
INSERT INTO idempotency_rows (account, user_id, metric, key, response)
  SELECT account, user_id, metric, key, response FROM idempotency;
DROP TABLE idempotency;
ALTER TABLE idempotency_rows RENAME TO idempotency;
CREATE UNIQUE INDEX idempotency_by_key ON idempotency (account, user_id, metric, key);
