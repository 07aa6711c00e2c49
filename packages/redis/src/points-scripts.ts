/**
 * The Lua of the points index (points-index.ts): a write's points lines, each only if newer than the
 * line kept, and a user's lines taken out at their erasure. Both in one partition's slot.
 */
import { NEVER } from '@kindling/core/adapter';
import { LUA_COMMON } from './lua-common.js';

/** KEYS: pl, pdue, then the `pt` of each line; ARGV: member, version, then per line: system, total, changed, dueAt. */
export const POINTS_LINES_LUA = `${LUA_COMMON}
local pl, due, member, version = KEYS[1], KEYS[2], ARGV[1], tonumber(ARGV[2])
expect(pl, 'hash'); expect(due, 'zset')
local lines, order = {}, {}
local old = redis.call('HGET', pl, member)
if old then
  for line in string.gmatch(old, '[^\\n]+') do
    local system = string.match(line, '^(%S+) %d+ ')
    if not system then fail(pl .. ' field ' .. member .. ' does not hold points lines') end
    if not lines[system] then order[#order + 1] = system end
    lines[system] = line
  end
end
for i = 0, #KEYS - 3 do
  local a = 3 + i * 4
  local system, total, changed, dueAt = ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3]
  local kept = lines[system]
  local keptVersion = kept and tonumber(string.match(kept, '^%S+ (%d+) '))
  if not keptVersion or keptVersion < version then
    expect(KEYS[3 + i], 'zset')
    redis.call('ZADD', KEYS[3 + i], changed == '1' and total or '-1', member)
    local dueMember = member .. ' ' .. system
    if tonumber(dueAt) < ${NEVER} then redis.call('ZADD', due, dueAt, dueMember) else redis.call('ZREM', due, dueMember) end
    if not kept then order[#order + 1] = system end
    lines[system] = table.concat({ system, ARGV[2], total, changed, dueAt }, ' ')
  end
end
local out = {}
for _, system in ipairs(order) do out[#out + 1] = lines[system] end
redis.call('HSET', pl, member, table.concat(out, '\\n'))
return 1
`;

/** KEYS: pl, pdue, then the `pt` of each system; ARGV: member, then each system. Takes the user's lines out. */
export const ERASE_POINTS_LUA = `${LUA_COMMON}
expect(KEYS[1], 'hash'); expect(KEYS[2], 'zset')
for i = 3, #KEYS do
  expect(KEYS[i], 'zset')
  redis.call('ZREM', KEYS[i], ARGV[1])
  redis.call('ZREM', KEYS[2], ARGV[1] .. ' ' .. ARGV[i - 1])
end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
`;
