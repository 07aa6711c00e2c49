/**
 * The Lua of a user's erasure (S26, erase.ts). ERASE_USER deletes the user's keys in the user's slot
 * if the state's version is still the one the client read (compare-and-set, as a commit), and on a
 * single Redis the user's lines of the partition in the same call; on a Cluster ERASE_LINES does
 * those in the partition's slot right after. Both read and check every key before the first write.
 */
import { LUA_COMMON } from './lua-common.js';

/**
 * KEYS[base + 1 .. base + 4]: the partition's users, outbox registry (users, heard) and versions
 * counted; then 9 index keys per rule (indexKeyList). Takes `member` out of each.
 */
const ERASE_LINES_PART = `
local function eraseLines(base, member)
  expect(KEYS[base + 1], 'zset'); expect(KEYS[base + 2], 'zset'); expect(KEYS[base + 3], 'hash'); expect(KEYS[base + 4], 'hash')
  local rules = {}
  for k = base + 4, #KEYS - 9, 9 do rules[#rules + 1] = indexAt(k) end
  for _, ix in ipairs(rules) do
    if redis.call('ZSCORE', ix.dead, member) then deactivate(ix, member) end
    redis.call('ZREM', ix.grave, member)
    redis.call('ZREM', ix.best, member)
    redis.call('ZREM', ix.earn, member)
    redis.call('HDEL', ix.entry, member)
  end
  redis.call('ZREM', KEYS[base + 1], member)
  redis.call('ZREM', KEYS[base + 2], member)
  redis.call('HDEL', KEYS[base + 3], member)
  redis.call('HDEL', KEYS[base + 4], member)
end
`;

/**
 * KEYS: state, data, idem, outbox entries, outbox last sequence; on a single Redis then the keys of
 * ERASE_LINES_PART. ARGV: the version read (0: none), the user as a member, on a single Redis the
 * partition's count of erasures (grown here when there was a user; on a Cluster, in another slot,
 * erase.ts grows it before and after). Returns 0 when the stored version is another (a write came
 * between: read again), 1 when erased.
 */
export const ERASE_USER_LUA = `${LUA_COMMON}${ERASE_LINES_PART}
local stored = redis.call('GET', KEYS[1])
local current = 0
if stored then
  current = tonumber(string.match(stored, '^(%d+) '))
  if current == nil then fail(KEYS[1] .. ' does not hold a user state ("<version> <JSON>")') end
end
if current ~= tonumber(ARGV[1]) then return 0 end
if #KEYS > 5 then
  eraseLines(5, ARGV[2])
  if current > 0 then redis.call('INCR', ARGV[3]) end
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5])
return 1
`;

/** On a Cluster, after ERASE_USER: KEYS those of ERASE_LINES_PART; ARGV: the member. Returns 1. */
export const ERASE_LINES_LUA = `${LUA_COMMON}${ERASE_LINES_PART}
eraseLines(0, ARGV[1])
return 1
`;
