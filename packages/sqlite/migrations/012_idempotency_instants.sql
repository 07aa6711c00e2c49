-- 012: each idempotency record (S18) carries the instant the engine's clock recorded it, in epoch
-- milliseconds, found by an index per account in the order of the instants: a lookup answers only
-- a record within the retention, and `forgetIdempotency` removes the oldest first, a bounded batch at
-- a time, without a scan of the table. The rows kept before this version have no instant of their
-- own: they take the migration's, so they age out one retention after the upgrade, not at once.
ALTER TABLE idempotency ADD COLUMN recorded_at INTEGER NOT NULL DEFAULT 0;
UPDATE idempotency SET recorded_at = unixepoch() * 1000;
CREATE INDEX idempotency_by_instant ON idempotency (account, recorded_at);
