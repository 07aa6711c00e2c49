/**
 * The scripts of the move to partitions (migrate-partitions.ts). READ_LINES takes a batch of a
 * rule's lines from the account's own slot, with each member's scores; PLACE_LINES writes them in a
 * partition's slot, each only when the partition has no line of the member yet (a write made since
 * under partitions is newer, and a batch placed twice is placed once); DROP_LINES takes them out of
 * the account's slot. The registry's are the same for the outbox registry.
 */
import { LUA_COMMON } from './lua-common.js';

/**
 * KEYS: the 8 index keys of the account's slot. ARGV: the HSCAN cursor, how many to ask for. Returns
 * the next cursor ('0' at the end of a full scan) and a flat list of 7 per member: member, entry,
 * then its scores in dead, len, exp, grave, best ('' when absent). A page may be empty before the end.
 */
export const READ_LINES_LUA = `${LUA_COMMON}
local ix = indexAt(0)
local page = redis.call('HSCAN', ix.entry, ARGV[1], 'COUNT', tonumber(ARGV[2]))
local found = page[2]
local out = {}
for j = 1, #found, 2 do
  local member = found[j]
  out[#out + 1] = member
  out[#out + 1] = found[j + 1]
  for _, key in ipairs({ ix.dead, ix.len, ix.exp, ix.grave, ix.best }) do
    out[#out + 1] = redis.call('ZSCORE', key, member) or ''
  end
end
return { page[1], out }
`;

/** KEYS: the 8 index keys of a partition. ARGV: 7 per member, as READ_LINES gives. Returns how many were placed. */
export const PLACE_LINES_LUA = `${LUA_COMMON}
local ix = indexAt(0)
local placed = 0
for j = 1, #ARGV, 7 do
  local member, dead, len, exp, grave, best = ARGV[j], ARGV[j + 2], ARGV[j + 3], ARGV[j + 4], ARGV[j + 5], ARGV[j + 6]
  if dead ~= '' and (len == '' or exp == '') then fail(ix.dead .. ' member ' .. member .. ' is active without a length or an expiry') end
  if redis.call('HEXISTS', ix.entry, member) == 0 then
    redis.call('HSET', ix.entry, member, ARGV[j + 1])
    if dead ~= '' then
      redis.call('ZADD', ix.dead, dead, member)
      redis.call('ZADD', ix.len, len, member)
      redis.call('ZADD', ix.exp, exp, member)
      local length = tostring(-tonumber(len))
      redis.call('HINCRBY', ix.counts, length, 1)
      redis.call('INCRBY', ix.sum, length)
    end
    if grave ~= '' then redis.call('ZADD', ix.grave, grave, member) end
    if best ~= '' then redis.call('ZADD', ix.best, best, member) end
    placed = placed + 1
  end
end
return placed
`;

/** KEYS: the 8 index keys of the account's slot. ARGV: members. Returns the number of lines left. */
export const DROP_LINES_LUA = `${LUA_COMMON}
local ix = indexAt(0)
for j = 1, #ARGV do
  redis.call('HDEL', ix.entry, ARGV[j])
  for _, key in ipairs({ ix.dead, ix.len, ix.exp, ix.grave, ix.best }) do redis.call('ZREM', key, ARGV[j]) end
end
return redis.call('HLEN', ix.entry)
`;

/**
 * KEYS: a partition's registry (users, heard). ARGV: 3 per member: member, its score in the
 * account's registry ('' when not listed), the sequence heard of ('' for none). A member listed
 * already keeps its score; the sequence heard of is the larger.
 */
export const PLACE_REGISTRY_LUA = `${LUA_COMMON}
expect(KEYS[1], 'zset')
expect(KEYS[2], 'hash')
for j = 1, #ARGV, 3 do
  local member, score, heard = ARGV[j], ARGV[j + 1], ARGV[j + 2]
  if score ~= '' then redis.call('ZADD', KEYS[1], 'NX', score, member) end
  if heard ~= '' and tonumber(heard) > (tonumber(redis.call('HGET', KEYS[2], member)) or 0) then
    redis.call('HSET', KEYS[2], member, heard)
  end
end
return 1
`;
