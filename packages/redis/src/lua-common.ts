/**
 * Lua shared by the scripts: failing with a message that names the key, checking a key's type, and
 * taking one member out of a rule's active index structures. Errors start with `KINDLING ` so that
 * the client can tell them from Redis's own and turn them into a StoreError.
 */

export const LUA_COMMON = `
local function fail(message)
  error({ err = 'KINDLING ' .. message })
end

local function expect(key, kind)
  local found = redis.call('TYPE', key).ok
  if found ~= 'none' and found ~= kind then
    fail(key .. ' holds a ' .. found .. ' where a ' .. kind .. ' was expected')
  end
end

-- KEYS from base+1 to base+9: entry, dead, len, exp, counts, sum, grave, best, earn
local function indexAt(base)
  local ix = {
    entry = KEYS[base + 1], dead = KEYS[base + 2], len = KEYS[base + 3], exp = KEYS[base + 4],
    counts = KEYS[base + 5], sum = KEYS[base + 6], grave = KEYS[base + 7], best = KEYS[base + 8],
    earn = KEYS[base + 9],
  }
  expect(ix.entry, 'hash'); expect(ix.dead, 'zset'); expect(ix.len, 'zset'); expect(ix.exp, 'zset')
  expect(ix.counts, 'hash'); expect(ix.sum, 'string'); expect(ix.grave, 'zset'); expect(ix.best, 'zset')
  expect(ix.earn, 'zset')
  return ix
end

-- The same 8 keys checked without raising: the index plan or nil, and the problem.
local function checkIndexAt(base)
  local ix = {
    entry = KEYS[base + 1], dead = KEYS[base + 2], len = KEYS[base + 3], exp = KEYS[base + 4],
    counts = KEYS[base + 5], sum = KEYS[base + 6], grave = KEYS[base + 7], best = KEYS[base + 8],
    earn = KEYS[base + 9],
  }
  local kinds = { entry = 'hash', dead = 'zset', len = 'zset', exp = 'zset', counts = 'hash', sum = 'string', grave = 'zset', best = 'zset', earn = 'zset' }
  for name, kind in pairs(kinds) do
    local found = redis.call('TYPE', ix[name]).ok
    if found ~= 'none' and found ~= kind then return nil, ix[name] .. ' holds a ' .. found .. ' where a ' .. kind .. ' was expected' end
  end
  return ix, nil
end

-- Takes an active member out of dead, len and exp, and its length out of counts and sum.
local function deactivate(ix, member)
  local score = tonumber(redis.call('ZSCORE', ix.len, member))
  if score == nil then fail(ix.len .. ' has no length for active member ' .. member) end
  local length = tostring(-score)
  if redis.call('HINCRBY', ix.counts, length, -1) <= 0 then redis.call('HDEL', ix.counts, length) end
  redis.call('DECRBY', ix.sum, length)
  redis.call('ZREM', ix.dead, member)
  redis.call('ZREM', ix.len, member)
  redis.call('ZREM', ix.exp, member)
end

-- Moves members whose deadAt <= at (at most limit of them) from the active structures to grave.
-- Returns true when more may be left.
local function retire(ix, at, limit)
  local due = redis.call('ZRANGEBYSCORE', ix.dead, '-inf', at, 'WITHSCORES', 'LIMIT', 0, limit)
  for j = 1, #due, 2 do
    deactivate(ix, due[j])
    redis.call('ZADD', ix.grave, due[j + 1], due[j])
  end
  return #due / 2 >= limit
end

-- Entries of members retired by an earlier query with a later instant but alive at 'at'.
local function revived(ix, at)
  local members = redis.call('ZRANGEBYSCORE', ix.grave, '(' .. at, '+inf')
  local out = {}
  for j = 1, #members do
    out[#out + 1] = members[j]
    out[#out + 1] = redis.call('HGET', ix.entry, members[j]) or ''
  end
  return out
end
`;
