-- 011: how many users each account has erased (S26), grown in each erasure's own transaction. A read
-- stamp keeps it beside the user's version (read-stamp.ts of @kindling/core): a new user of an erased
-- id starts again at version 1, and only this count tells a read of the erased user from one of the
-- new. One row per account that has erased a user; it names no user.
CREATE TABLE erasures (
  account TEXT PRIMARY KEY,
  count INTEGER NOT NULL
) WITHOUT ROWID;
