/**
 * The Lua of the points index (points-index.ts): a write's points lines, each only if newer than the
 * line kept, as a part of the commit scripts or a script of its own, and a user's lines taken out at
 * their erasure. All in one partition's slot.
 */
import { NEVER } from '@kindling/core/adapter';
import { LUA_COMMON } from './lua-common.js';

/**
 * A write's points lines, from KEYS[base+1] (pl), KEYS[base+2] (pdue), then the `pt` of each line,
 * and ARGV[arg]: the number of lines n (0: no lines, no keys), then member, version, and per line
 * system, total, changed, dueAt. planPoints reads and checks without writing: the plan, or nil and
 * the problem (a value of the wrong type, a field that holds no points lines). The commit scripts of
 * a single Redis run it with the user's write (write-scripts.ts); POINTS_LINES_LUA alone, after the
 * commit, on a Cluster.
 */
export const POINTS_PART = `
local function pointsKeyCount(arg)
  local n = tonumber(ARGV[arg])
  if n == 0 then return 0 end
  return n + 2
end

local function pointsEnd(arg)
  local n = tonumber(ARGV[arg])
  if n == 0 then return arg + 1 end
  return arg + 3 + n * 4
end

local function planPoints(base, arg)
  local n = tonumber(ARGV[arg])
  if n == nil or n == 0 then return nil, nil end
  local pl, due, member = KEYS[base + 1], KEYS[base + 2], ARGV[arg + 1]
  for k = base + 1, base + 2 + n do
    local kind = k == base + 1 and 'hash' or 'zset'
    local found = redis.call('TYPE', KEYS[k]).ok
    if found ~= 'none' and found ~= kind then return nil, KEYS[k] .. ' holds a ' .. found .. ' where a ' .. kind .. ' was expected' end
  end
  local lines, order = {}, {}
  local old = redis.call('HGET', pl, member)
  if old then
    for line in string.gmatch(old, '[^\\n]+') do
      local system = string.match(line, '^(%S+) %d+ ')
      if not system then return nil, pl .. ' field ' .. member .. ' does not hold points lines' end
      if not lines[system] then order[#order + 1] = system end
      lines[system] = line
    end
  end
  return { base = base, arg = arg, n = n, pl = pl, due = due, member = member, version = tonumber(ARGV[arg + 2]), lines = lines, order = order }, nil
end

local function applyPoints(plan)
  if not plan then return end
  local lines, order, member = plan.lines, plan.order, plan.member
  for i = 0, plan.n - 1 do
    local a = plan.arg + 3 + i * 4
    local system, total, changed, dueAt = ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3]
    local kept = lines[system]
    local keptVersion = kept and tonumber(string.match(kept, '^%S+ (%d+) '))
    if not keptVersion or keptVersion < plan.version then
      redis.call('ZADD', KEYS[plan.base + 3 + i], changed == '1' and total or '-1', member)
      local dueMember = member .. ' ' .. system
      if tonumber(dueAt) < ${NEVER} then redis.call('ZADD', plan.due, dueAt, dueMember) else redis.call('ZREM', plan.due, dueMember) end
      if not kept then order[#order + 1] = system end
      lines[system] = table.concat({ system, ARGV[plan.arg + 2], total, changed, dueAt }, ' ')
    end
  end
  local out = {}
  for _, system in ipairs(order) do out[#out + 1] = lines[system] end
  redis.call('HSET', plan.pl, member, table.concat(out, '\\n'))
end
`;

/** A write's points lines alone (POINTS_PART's keys and arguments from the first): each only if newer than the line kept. */
export const POINTS_LINES_LUA = `${LUA_COMMON}${POINTS_PART}
local plan, problem = planPoints(0, 1)
if problem then fail(problem) end
applyPoints(plan)
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
