-- 015: a user's points states may be written packed in the compact state row (packPoints of @kindling/core/adapter: an
-- array of systems, each award an array naming its trigger and boosts by place in the system's list
-- of names) as well as the JSON objects of every row before. No table changes: rows are rewritten
-- packed as their users are next written. The version marks the file, so that a @kindling/sqlite
-- that knows only the objects refuses it ("written by a newer @kindling/sqlite") rather than
-- reading an array where it expects the states keyed by system.
SELECT 1;
