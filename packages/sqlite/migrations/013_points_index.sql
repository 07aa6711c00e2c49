-- 013: each user's line in each points system's index (PointsLine of @kindling/core): the total,
-- whether a points change ever happened (then the user holds a level, S34), and when the user's
-- time triggers are next due (S33; NULL: never). The summaries (S37, S34) count the lines with a
-- change by ranges of the total on one index, never a scan of the users; a sweeper finds the lines
-- due by another. A state kept before this version has no line until a rebuild of the user (or a
-- write that moves the line) writes it: the states are encoded (state-codec.ts), out of SQL's reach.
CREATE TABLE points_index (
  account TEXT NOT NULL,
  system TEXT NOT NULL,
  user_id BLOB NOT NULL,
  total INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  due_at REAL,
  PRIMARY KEY (account, system, user_id)
) WITHOUT ROWID;
CREATE INDEX points_index_totals ON points_index (account, system, total) WHERE changed = 1;
CREATE INDEX points_index_due ON points_index (account, due_at, user_id, system) WHERE due_at IS NOT NULL;
CREATE INDEX points_index_by_user ON points_index (account, user_id);
