/**
 * The Lua of the leaderboard rankings (board-rankings.ts), each script in one run-group's slot:
 * applying a user's line only if newer, placing an entry among the others, and taking a user out.
 * KEYS[1] is the ranking (sorted set: score −value, member the instant reached, 16 digits, then the
 * encoded user id, so that equal values order by who reached them first, then by user id: S45),
 * KEYS[2] the versions (hash: encoded user id → `<version> <member>`, or `<version>` alone once the
 * user left the run-group, which keeps the version applied).
 */
import { LUA_COMMON } from './lua-common.js';

const VERSION_OF = `
local function splitKept(kept)
  local space = string.find(kept, ' ', 1, true)
  if space == nil then return tonumber(kept), nil end
  return tonumber(string.sub(kept, 1, space - 1)), string.sub(kept, space + 1)
end
`;

/** ARGV: user, version, score (empty: the user leaves), instant reached (16 digits). 1 when applied, 0 when not newer. */
export const BOARD_APPLY_LUA = `${LUA_COMMON}${VERSION_OF}
expect(KEYS[1], 'zset'); expect(KEYS[2], 'hash')
local kept = redis.call('HGET', KEYS[2], ARGV[1])
if kept then
  local version, member = splitKept(kept)
  if version == nil then fail(KEYS[2] .. ': field ' .. ARGV[1] .. ' holds no version') end
  if version >= tonumber(ARGV[2]) then return 0 end
  if member then redis.call('ZREM', KEYS[1], member) end
end
if ARGV[3] == '' then
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
else
  local member = ARGV[4] .. ARGV[1]
  redis.call('ZADD', KEYS[1], ARGV[3], member)
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ' ' .. member)
end
return 1
`;

/**
 * ARGV: score, member, user. How many other users' entries rank before the entry (score, member):
 * a lower score, or the same score and a smaller member, found by a binary search among the
 * members of equal score (O(log n) range reads); the user's own entry is not counted.
 */
export const BOARD_PLACE_LUA = `${LUA_COMMON}${VERSION_OF}
expect(KEYS[1], 'zset'); expect(KEYS[2], 'hash')
local score = tonumber(ARGV[1])
local before = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. ARGV[1])
local equal = redis.call('ZCOUNT', KEYS[1], ARGV[1], ARGV[1])
local low, high = 0, equal
while low < high do
  local mid = math.floor((low + high) / 2)
  local found = redis.call('ZRANGE', KEYS[1], before + mid, before + mid)[1]
  if found < ARGV[2] then low = mid + 1 else high = mid end
end
local count = before + low
local kept = redis.call('HGET', KEYS[2], ARGV[3])
if kept then
  local _, own = splitKept(kept)
  if own then
    local ownScore = tonumber(redis.call('ZSCORE', KEYS[1], own))
    if ownScore ~= nil and (ownScore < score or (ownScore == score and own < ARGV[2])) then count = count - 1 end
  end
end
return count
`;

/** ARGV: user. Takes the user's entry and version out (an erasure: the id may come back at version 1). */
export const BOARD_FORGET_LUA = `${LUA_COMMON}${VERSION_OF}
expect(KEYS[1], 'zset'); expect(KEYS[2], 'hash')
local kept = redis.call('HGET', KEYS[2], ARGV[1])
if not kept then return 0 end
local _, member = splitKept(kept)
if member then redis.call('ZREM', KEYS[1], member) end
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
`;
