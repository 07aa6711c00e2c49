-- 002: held periods in blocks of 128 periods, one row per block instead of one per period.
--
-- Block b of a rule holds periods 128*b .. 128*b + 127 (b = floor(period / 128); periods before
-- 1970 are negative). Its BLOB has one 4-byte cell per period, unsigned little-endian: 0 when the
-- period has no entry, else length * 8 + the code of held_by (met 1, freeze 2, pause 3, excused 4,
-- restore 5). The BLOB stops after its last non-empty cell. Reading a year of a rule is then 3 or
-- 4 rows (src/history-blocks.ts is the codec).

CREATE TABLE history_blocks (
  account TEXT NOT NULL,
  user_id BLOB NOT NULL,
  streak TEXT NOT NULL,
  block INTEGER NOT NULL,
  data BLOB NOT NULL CHECK (length(data) <= 512 AND length(data) % 4 = 0),
  PRIMARY KEY (account, user_id, streak, block),
  FOREIGN KEY (account, user_id) REFERENCES users (account, user_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Every stored row becomes its cell, written as 8 hex digits (little-endian) after the empty
-- cells (zeros) since the previous row of its block; the hex of a block's rows, in period order,
-- becomes its BLOB. A row that no cell can hold (an unknown held_by, a length that is not an
-- integer from 0 to 536870911) makes its block's data NULL, which NOT NULL refuses: the migration
-- fails and the file stays at version 1.
INSERT INTO history_blocks (account, user_id, streak, block, data)
WITH
  cells AS (
    SELECT account, user_id, streak,
      (period - ((period % 128) + 128) % 128) / 128 AS block,
      ((period % 128) + 128) % 128 AS slot,
      CASE WHEN typeof(length) = 'integer' AND length BETWEEN 0 AND 536870911 THEN
        length * 8 + CASE held_by WHEN 'met' THEN 1 WHEN 'freeze' THEN 2 WHEN 'pause' THEN 3 WHEN 'excused' THEN 4 WHEN 'restore' THEN 5 END
      END AS cell
    FROM history
  ),
  pieces AS (
    SELECT account, user_id, streak, block, slot,
      hex(zeroblob(4 * (slot - lag(slot, 1, -1) OVER (PARTITION BY account, user_id, streak, block ORDER BY slot) - 1)))
        || printf('%02X%02X%02X%02X', cell & 255, (cell >> 8) & 255, (cell >> 16) & 255, (cell >> 24) & 255)
        || CASE WHEN cell IS NULL THEN NULL ELSE '' END AS piece
    FROM cells
  )
SELECT account, user_id, streak, block,
  CASE WHEN sum(piece IS NULL) = 0 THEN unhex(group_concat(piece, '' ORDER BY slot)) END
FROM pieces
GROUP BY account, user_id, streak, block;

DROP TABLE history;
