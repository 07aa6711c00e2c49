-- 006: when each user next earns a freeze (IndexEntry.earnsAt of @kindling/core), so that a sweeper
-- finds the users due an earned freeze at their local day start without a scan. NULL: never (the
-- rule earns none, the user holds the most), and every line written before this migration, until
-- the user's next write (an event, a settlement) or a rebuild writes the line again.
ALTER TABLE streak_index ADD COLUMN earns_at REAL;
CREATE INDEX streak_index_earning ON streak_index (account, streak, earns_at, user_id) WHERE earns_at IS NOT NULL;
