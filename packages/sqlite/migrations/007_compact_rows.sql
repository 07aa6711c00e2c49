-- 007: a user's state and open rollups may be written in the compact form of state-codec.ts (JSON
-- arrays of the fields in a fixed order) as well as the JSON objects of every row before. No table
-- changes: rows are rewritten compact as their users are next written. The version marks the file,
-- so that a @kindling/sqlite that knows only the objects refuses it ("written by a newer
-- @kindling/sqlite") rather than calling its rows damaged.
SELECT 1;
