-- 011: how many users each account has erased (S26), grown in each erasure's own transaction. A read
-- stamp keeps it beside the user's version (read-stamp.ts of @kindling/core): a new user of an erased
-- id starts again at version 1, and only this count tells a read of the erased user from one of the
-- new. One row per account that has erased a user; it names no user. (IF NOT EXISTS: a file made by
-- this version and set back to an older number, as tests of older migrations do, keeps its table.)
CREATE TABLE IF NOT EXISTS erasures (
  account TEXT PRIMARY KEY,
  count INTEGER NOT NULL
) WITHOUT ROWID;
