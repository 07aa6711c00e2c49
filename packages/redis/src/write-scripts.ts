/**
 * The two write scripts. COMMIT applies one user's write only if the stored version is still the
 * one the step read (compare-and-set); it decides nothing else: the step did. INDEX then applies
 * the user's index lines in the account's slot, each only if newer than the line recorded.
 */
import { LUA_COMMON } from './lua-common.js';

/**
 * KEYS: state, hist, roll, journal, idem.
 * ARGV: expected version, state JSON, replaceHistory ('1' | '0'),
 *   n, n × (history field, value), n, n × (rollup field, value, lastAt, version), n, n × journal line,
 *   idempotency field ('' for none), response JSON.
 * Returns 1 when committed, 0 on a version mismatch.
 */
export const COMMIT_LUA = `${LUA_COMMON}
local state, hist, roll, journal, idem = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5]
expect(state, 'string'); expect(hist, 'hash'); expect(roll, 'hash'); expect(journal, 'list'); expect(idem, 'hash')

local current = 0
local stored = redis.call('GET', state)
if stored then
  local ok, decoded = pcall(cjson.decode, stored)
  if not ok or type(decoded) ~= 'table' or type(decoded.version) ~= 'number' then
    fail(state .. ' does not hold a user state (JSON object with a numeric version)')
  end
  current = decoded.version
end
if current ~= tonumber(ARGV[1]) then return 0 end

-- Everything that can fail is read and checked before the first write: a script that fails half
-- way keeps what it wrote, and a commit is all or nothing.
local i = 4
local histFrom, histCount = i + 1, tonumber(ARGV[i])
i = histFrom + histCount * 2
local rollCount = tonumber(ARGV[i]); i = i + 1
local merged, order = {}, {}
for _ = 1, rollCount do
  local field, value, lastAt, version = ARGV[i], tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2]), tonumber(ARGV[i + 3])
  local old = merged[field] or redis.call('HGET', roll, field)
  if old then
    local oldValue, oldAt, oldVersion = string.match(old, '^(%S+) (%S+) (%S+)$')
    oldValue, oldAt, oldVersion = tonumber(oldValue), tonumber(oldAt), tonumber(oldVersion)
    if oldValue == nil or oldAt == nil or oldVersion == nil then fail(roll .. ' field ' .. field .. ' does not hold "<value> <lastAt> <version>"') end
    value = value + oldValue
    if oldAt > lastAt then lastAt = oldAt end
    if oldVersion < version then version = oldVersion end
  end
  if not merged[field] then order[#order + 1] = field end
  merged[field] = string.format('%.17g %.17g %.17g', value, lastAt, version)
  i = i + 4
end
local linesFrom, lineCount = i + 1, tonumber(ARGV[i])
i = linesFrom + lineCount

redis.call('SET', state, ARGV[2])
if ARGV[3] == '1' then redis.call('DEL', hist) end
for j = histFrom, histFrom + histCount * 2 - 1, 2 do redis.call('HSET', hist, ARGV[j], ARGV[j + 1]) end
for _, field in ipairs(order) do redis.call('HSET', roll, field, merged[field]) end
for j = linesFrom, linesFrom + lineCount - 1 do redis.call('RPUSH', journal, ARGV[j]) end
-- The first response stays (S18).
if ARGV[i] ~= '' then redis.call('HSETNX', idem, ARGV[i], ARGV[i + 1]) end
return 1
`;

/**
 * KEYS: users, then 8 index keys per entry (see indexKeyList).
 * ARGV: member, version, then per entry: length, longest, deadAt, expiresAt.
 */
export const INDEX_LUA = `${LUA_COMMON}
expect(KEYS[1], 'zset')
local member, version = ARGV[1], tonumber(ARGV[2])
local lines = {}
for e = 0, (#KEYS - 1) / 8 - 1 do
  local ix = indexAt(1 + e * 8)
  local a = 3 + e * 4
  local old = redis.call('HGET', ix.entry, member)
  local newer = true
  if old then
    local oldVersion = tonumber(string.match(old, '^(%S+) '))
    if oldVersion == nil then fail(ix.entry .. ' field ' .. member .. ' does not hold an index entry') end
    newer = oldVersion < version
  end
  local active = redis.call('ZSCORE', ix.dead, member)
  if newer and active and not redis.call('ZSCORE', ix.len, member) then fail(ix.len .. ' has no length for active member ' .. member) end
  if newer then lines[#lines + 1] = { ix = ix, active = active, length = ARGV[a], longest = ARGV[a + 1], deadAt = ARGV[a + 2], expiresAt = ARGV[a + 3] } end
end

redis.call('ZADD', KEYS[1], 'NX', 0, member)
for _, line in ipairs(lines) do
  local ix = line.ix
  if line.active then deactivate(ix, member) else redis.call('ZREM', ix.grave, member) end
  if tonumber(line.length) > 0 then
    redis.call('ZADD', ix.dead, line.deadAt, member)
    redis.call('ZADD', ix.len, '-' .. line.length, member)
    redis.call('ZADD', ix.exp, line.expiresAt, member)
    redis.call('HINCRBY', ix.counts, line.length, 1)
    redis.call('INCRBY', ix.sum, line.length)
  end
  if tonumber(line.longest) > 0 then redis.call('ZADD', ix.best, '-' .. line.longest, member) else redis.call('ZREM', ix.best, member) end
  redis.call('HSET', ix.entry, member, table.concat({ ARGV[2], line.length, line.longest, line.deadAt, line.expiresAt }, ' '))
end
return 1
`;
