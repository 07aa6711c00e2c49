-- 003: the sums of the days a user's events still add to, kept in the user's row.
--
-- Most events add to a day already begun. Its sum (one per metric and day start) now stays in
-- users.open_rollups, a JSON array of rollups, which the event rewrites anyway; it moves to the
-- rollups table when an event of another day comes. A user's journal is the table's rows and the
-- open ones, merged. NULL (every row written before) means none are open.
ALTER TABLE users ADD COLUMN open_rollups TEXT;
