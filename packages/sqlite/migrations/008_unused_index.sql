-- 008: drops streak_index_alive. No statement reads it (SQLite answers the active lengths from
-- streak_index_current, which holds length and dead_at in length order, and every other read has an
-- index of its own), yet every written index line moved an entry in it: about a fifth of the pages
-- an index write put in the log. indexes.test.ts holds every index to some statement that uses it.
DROP INDEX IF EXISTS streak_index_alive;
