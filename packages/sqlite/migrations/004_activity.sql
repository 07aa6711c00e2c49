-- 004: the account's activity counters (the owner's dashboard), written in the same transaction as
-- the event that adds to them, so that a crash loses no count of a committed event.

-- Per day (YYYY-MM-DD): events, streaks extended (or started), lost, and freezes used.
CREATE TABLE activity_days (
  account TEXT NOT NULL,
  day TEXT NOT NULL,
  events INTEGER NOT NULL,
  extended INTEGER NOT NULL,
  lost INTEGER NOT NULL,
  freezes_used INTEGER NOT NULL,
  PRIMARY KEY (account, day)
) WITHOUT ROWID;

-- Per metric: the sum of the values recorded, the events, and the latest event's instant.
CREATE TABLE activity_metrics (
  account TEXT NOT NULL,
  metric TEXT NOT NULL,
  total REAL NOT NULL,
  events INTEGER NOT NULL,
  last_at INTEGER NOT NULL,
  PRIMARY KEY (account, metric)
) WITHOUT ROWID;

-- Per achievement: how many users completed it.
CREATE TABLE activity_achievements (
  account TEXT NOT NULL,
  achievement TEXT NOT NULL,
  completions INTEGER NOT NULL,
  PRIMARY KEY (account, achievement)
) WITHOUT ROWID;
