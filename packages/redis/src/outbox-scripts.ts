/**
 * The outbox's Lua (outbox.ts says how the pieces fit). OUTBOX_PART is what a commit script adds to
 * write a user's entries in the user's slot, with the write; REGISTER_PART lists the user in the
 * registry of the user's partition. The scripts of their own: REGISTER (on a Cluster, in the partition's slot after
 * the commit), READ and REMOVE (in the user's slot) and SETTLE (in the partition's slot, after a read
 * or a removal: the registry follows what the user's slot said).
 *
 * An entry is the member `<sequence>:<commit instant>:<entry JSON>` of the user's sorted set, scored
 * by its sequence. Sequences come from the user's counter, which is never reset, so a position read
 * long ago never names a newer entry; the commit instant (Redis's TIME, in microseconds) orders
 * entries across users.
 */
import { LUA_COMMON } from './lua-common.js';

/**
 * KEYS[base + 1], KEYS[base + 2]: the user's entries (sorted set) and last sequence (string).
 * ARGV[arg]: the user as a member, ARGV[arg + 1]: n, then n entries (JSON). planOutbox checks before
 * the commit's first write; applyOutbox writes and returns the commit instant of the user's oldest
 * entry (this write's, unless older ones are still there) and the last sequence given out.
 */
export const OUTBOX_PART = `
local function planOutbox(base, arg)
  local plan = { entries = KEYS[base + 1], last = KEYS[base + 2], member = ARGV[arg], from = arg + 2 }
  plan.count = tonumber(ARGV[arg + 1])
  plan.next = plan.from + plan.count
  expect(plan.entries, 'zset')
  expect(plan.last, 'string')
  local last = redis.call('GET', plan.last)
  if last and not string.match(last, '^%d+$') then fail(plan.last .. ' does not hold a sequence number') end
  return plan
end

local function applyOutbox(plan)
  local time = redis.call('TIME')
  local stamp = time[1] .. string.format('%06d', tonumber(time[2]))
  local last = redis.call('INCRBY', plan.last, plan.count)
  for k = 1, plan.count do
    local seq = last - plan.count + k
    redis.call('ZADD', plan.entries, seq, seq .. ':' .. stamp .. ':' .. ARGV[plan.from + k - 1])
  end
  local head = redis.call('ZRANGE', plan.entries, 0, 0)[1]
  return string.match(head, '^%d+:(%d+):') or stamp, last
end
`;

/**
 * Lists `member` in the registry `users` at `head` unless it is listed (its oldest entry is then at
 * least as old), and raises what the registry has heard of its sequences to `last`: a user is taken
 * off only by a SETTLE that saw every sequence heard of gone.
 */
export const REGISTER_PART = `
local function checkRegistry(users, heard)
  expect(users, 'zset')
  expect(heard, 'hash')
end

local function register(users, heard, member, head, last)
  redis.call('ZADD', users, 'NX', head, member)
  if tonumber(last) > (tonumber(redis.call('HGET', heard, member)) or 0) then
    redis.call('HSET', heard, member, last)
  end
end
`;

/** KEYS: users, heard; ARGV: member, head, last. Returns 1. */
export const OUTBOX_REGISTER_LUA = `${LUA_COMMON}${REGISTER_PART}
checkRegistry(KEYS[1], KEYS[2])
register(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3])
return 1
`;

/**
 * KEYS: the user's entries, last sequence; ARGV: the sequence to read after, how many. Returns the
 * last sequence given out (as it stood when the entries were read) and the entries.
 */
export const OUTBOX_READ_LUA = `${LUA_COMMON}
expect(KEYS[1], 'zset')
local entries = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf', 'LIMIT', 0, ARGV[2])
return { redis.call('GET', KEYS[2]) or '0', entries }
`;

/**
 * KEYS: the user's entries, last sequence; ARGV: pairs of a sequence and the start its member must
 * have (`<sequence>:<commit instant>:`). Removes those there, and returns the last sequence given
 * out and the commit instant of the oldest entry left ('' when none is).
 */
export const OUTBOX_REMOVE_LUA = `${LUA_COMMON}
expect(KEYS[1], 'zset')
for j = 1, #ARGV, 2 do
  local start = ARGV[j + 1]
  for _, member in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[j], ARGV[j])) do
    if string.sub(member, 1, #start) == start then redis.call('ZREM', KEYS[1], member) end
  end
end
local head = redis.call('ZRANGE', KEYS[1], 0, 0)[1]
local stamp = ''
if head then
  stamp = string.match(head, '^%d+:(%d+):')
  if not stamp then fail(KEYS[1] .. ' holds a member that is not an outbox entry') end
end
return { redis.call('GET', KEYS[2]) or '0', stamp }
`;

/**
 * KEYS: users, heard; ARGV: member, the last sequence the user's slot had given out, and the commit
 * instant of its oldest entry ('' when it had none). With entries, the user's score follows its
 * oldest one (only if still listed); without, the user is taken off, unless the registry has heard of
 * a sequence after `last` (a write committed since the user's slot was read: its entries are there).
 * Returns 1.
 */
export const OUTBOX_SETTLE_LUA = `${LUA_COMMON}${REGISTER_PART}
checkRegistry(KEYS[1], KEYS[2])
local member, last, head = ARGV[1], tonumber(ARGV[2]), ARGV[3]
if head ~= '' then
  redis.call('ZADD', KEYS[1], 'XX', head, member)
elseif (tonumber(redis.call('HGET', KEYS[2], member)) or 0) <= last then
  redis.call('ZREM', KEYS[1], member)
  redis.call('HDEL', KEYS[2], member)
end
return 1
`;
