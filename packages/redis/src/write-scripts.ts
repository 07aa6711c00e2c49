/**
 * The write scripts. They decide nothing: the client worked out every byte (write-plan.ts). COMMIT
 * writes one user's keys only if the stored version is still the one the step read
 * (compare-and-set). INDEX applies the user's index lines in the partition's slot, each only if newer
 * than the line recorded. On a single Redis, COMMIT_INDEXED does both in one call: the user's keys
 * and the account's keys need not share a slot there. A write with outbox entries goes by the
 * OUTBOX variants, which write the entries with the user's keys (outbox-scripts.ts); writes without
 * news never run that code. On a single Redis the write's points lines (points-scripts.ts) are
 * written by the same call as well, so that a commit is never kept without them, even when its
 * answer is lost.
 */
import { NEVER } from '@kindling/core/adapter';
import { LUA_COMMON } from './lua-common.js';
import { OUTBOX_PART, REGISTER_PART } from './outbox-scripts.js';
import { POINTS_PART } from './points-scripts.js';

/**
 * Checks the version and reads what the user's writes need; returns the write plan, or false on a
 * version mismatch. KEYS[1..3]: state, data, idem.
 * ARGV: expected version, state value, n, n × (field, value) to set, n, n × (field, bytes) to append,
 *   n, n × field to delete, idempotency field ('' for none), its value (`<instant> <response JSON>`),
 *   the retention's start (an older record of the field is replaced); then the index arguments.
 */
const USER_PART = `
local function planUser()
  local state, data, idem = KEYS[1], KEYS[2], KEYS[3]
  local stored = redis.call('GET', state)
  local current = 0
  if stored then
    current = tonumber(string.match(stored, '^(%d+) '))
    if current == nil then fail(state .. ' does not hold a user state ("<version> <JSON>")') end
  end
  if current ~= tonumber(ARGV[1]) then return false end
  local a = 3
  local plan = { setFrom = a + 1, setCount = tonumber(ARGV[a]) }
  a = plan.setFrom + plan.setCount * 2
  plan.appendFrom, plan.appendCount = a + 1, tonumber(ARGV[a])
  a = plan.appendFrom + plan.appendCount * 2
  plan.delFrom, plan.delCount = a + 1, tonumber(ARGV[a])
  a = plan.delFrom + plan.delCount
  plan.idemField, plan.idemValue, plan.idemBefore, plan.next = ARGV[a], ARGV[a + 1], tonumber(ARGV[a + 2]), a + 3
  -- Everything that can fail is read and checked before the first write: a script that fails half
  -- way keeps what it wrote, and a commit is all or nothing.
  if plan.setCount + plan.appendCount + plan.delCount > 0 then expect(data, 'hash') end
  if plan.idemField ~= '' then expect(idem, 'hash') end
  plan.appended = {}
  for j = plan.appendFrom, plan.appendFrom + plan.appendCount * 2 - 1, 2 do
    plan.appended[#plan.appended + 1] = (redis.call('HGET', data, ARGV[j]) or '') .. ARGV[j + 1]
  end
  return plan
end

local function applyUser(plan)
  local state, data, idem = KEYS[1], KEYS[2], KEYS[3]
  redis.call('SET', state, ARGV[2])
  for j = plan.delFrom, plan.delFrom + plan.delCount - 1 do redis.call('HDEL', data, ARGV[j]) end
  for j = plan.setFrom, plan.setFrom + plan.setCount * 2 - 1, 2 do redis.call('HSET', data, ARGV[j], ARGV[j + 1]) end
  for k = 1, plan.appendCount do redis.call('HSET', data, ARGV[plan.appendFrom + (k - 1) * 2], plan.appended[k]) end
  -- The first response stays (S18) while in its retention; one recorded before it is replaced (a
  -- value without an instant, kept from before they were written, stays).
  if plan.idemField ~= '' then
    local old = redis.call('HGET', idem, plan.idemField)
    local oldAt = old and tonumber(string.match(old, '^(%-?%d+) '))
    if not old or (oldAt and plan.idemBefore and oldAt < plan.idemBefore) then
      redis.call('HSET', idem, plan.idemField, plan.idemValue)
    end
  end
end
`;

/**
 * The index lines, from KEYS[base] (the user list, then 9 index keys per line, see indexKeyList)
 * and ARGV[arg] (member, version, then per line: length, longest, deadAt, expiresAt, earnsAt). planIndex
 * reads and checks; it returns the plan, or nil and the problem (nothing written).
 */
const INDEX_PART = `
local function planIndex(base, arg)
  local users, member, version = KEYS[base], ARGV[arg], tonumber(ARGV[arg + 1])
  local listed = redis.pcall('ZSCORE', users, member)
  if type(listed) == 'table' and listed.err then return nil, users .. ' holds a value of the wrong type for Kindling (' .. listed.err .. ')' end
  local plan = { users = users, member = member, listed = listed, lines = {} }
  for e = 0, (#KEYS - base) / 9 - 1 do
    local k, a = base + e * 9, arg + 2 + e * 5
    local entry = KEYS[k + 1]
    local text = table.concat({ ARGV[a], ARGV[a + 1], ARGV[a + 2], ARGV[a + 3], ARGV[a + 4] }, ' ')
    local old = redis.pcall('HGET', entry, member)
    if type(old) == 'table' and old.err then return nil, entry .. ' holds a value of the wrong type for Kindling (' .. old.err .. ')' end
    local newer, same = true, false
    if old then
      local oldVersion, rest = string.match(old, '^(%S+) (.*)$')
      oldVersion = tonumber(oldVersion)
      if oldVersion == nil then return nil, entry .. ' field ' .. member .. ' does not hold an index entry' end
      newer, same = oldVersion < version, rest == text
    end
    if newer and same then
      -- The same line: only its version moves (the sorted sets already say this).
      plan.lines[#plan.lines + 1] = { entry = entry, text = ARGV[arg + 1] .. ' ' .. text }
    elseif newer then
      local ix, problem = checkIndexAt(k)
      if problem then return nil, problem end
      local active = redis.call('ZSCORE', ix.dead, member)
      local oldLength = active and redis.call('ZSCORE', ix.len, member)
      if active and not oldLength then return nil, ix.len .. ' has no length for active member ' .. member end
      local oldLongest = old and tonumber(string.match(old, '^%S+ %S+ (%S+) '))
      plan.lines[#plan.lines + 1] = {
        ix = ix, active = active, oldLength = oldLength and -tonumber(oldLength), oldLongest = oldLongest,
        length = tonumber(ARGV[a]), longest = tonumber(ARGV[a + 1]), deadAt = ARGV[a + 2], expiresAt = ARGV[a + 3],
        earnsAt = ARGV[a + 4],
        text = ARGV[arg + 1] .. ' ' .. text,
      }
    end
  end
  return plan, nil
end

local function applyIndex(plan)
  local member = plan.member
  if not plan.listed then redis.call('ZADD', plan.users, 0, member) end
  for _, line in ipairs(plan.lines) do
    local ix = line.ix
    if ix then
      if line.active and line.length > 0 then
        -- Still active: move the scores, and the counts only when the length changed.
        if line.oldLength ~= line.length then
          if redis.call('HINCRBY', ix.counts, line.oldLength, -1) <= 0 then redis.call('HDEL', ix.counts, line.oldLength) end
          redis.call('HINCRBY', ix.counts, line.length, 1)
          redis.call('INCRBY', ix.sum, line.length - line.oldLength)
          redis.call('ZADD', ix.len, -line.length, member)
        end
        redis.call('ZADD', ix.dead, line.deadAt, member)
        redis.call('ZADD', ix.exp, line.expiresAt, member)
      else
        if line.active then deactivate(ix, member) else redis.call('ZREM', ix.grave, member) end
        if line.length > 0 then
          redis.call('ZADD', ix.dead, line.deadAt, member)
          redis.call('ZADD', ix.len, -line.length, member)
          redis.call('ZADD', ix.exp, line.expiresAt, member)
          redis.call('HINCRBY', ix.counts, line.length, 1)
          redis.call('INCRBY', ix.sum, line.length)
        end
      end
      if line.longest ~= line.oldLongest then
        if line.longest > 0 then redis.call('ZADD', ix.best, -line.longest, member) else redis.call('ZREM', ix.best, member) end
      end
      if tonumber(line.earnsAt) < ${NEVER} then redis.call('ZADD', ix.earn, line.earnsAt, member) else redis.call('ZREM', ix.earn, member) end
      redis.call('HSET', ix.entry, member, line.text)
    else
      redis.call('HSET', line.entry, member, line.text)
    end
  end
end
`;

/**
 * The activity counters (activity.ts): KEYS[base+1..base+3] days, metrics, completions (hashes);
 * ARGV[arg] the number of entries, then per entry: the key's number (1..3), op (i: add a whole
 * number, f: add a float, m: keep the maximum), field, value.
 */
const ACTIVITY_PART = `
local function checkActivity(base)
  for k = base + 1, base + 3 do expect(KEYS[k], 'hash') end
end

local function activityEnd(arg)
  return arg + 1 + tonumber(ARGV[arg]) * 4
end

local function applyActivity(base, arg)
  for j = arg + 1, activityEnd(arg) - 1, 4 do
    local key, op, field, value = KEYS[base + tonumber(ARGV[j])], ARGV[j + 1], ARGV[j + 2], ARGV[j + 3]
    if op == 'i' then redis.call('HINCRBY', key, field, value)
    elseif op == 'f' then redis.call('HINCRBYFLOAT', key, field, value)
    else
      local old = tonumber(redis.call('HGET', key, field))
      if old == nil or old < tonumber(value) then redis.call('HSET', key, field, value) end
    end
  end
end
`;

/**
 * KEYS: state, data, idem; on a single Redis the three activity keys and, when the write has points
 * lines, POINTS_PART's keys. ARGV: COMMIT's, then with the activity keys the activity arguments and
 * POINTS_PART's (or nothing more, when the write has no points lines). Returns 0 on a version
 * mismatch, 1 when committed, or the problem (a string) when committed (with the counts) but the
 * points lines could not be written: the user's write stands.
 */
export const COMMIT_LUA = `${LUA_COMMON}${USER_PART}${ACTIVITY_PART}${POINTS_PART}
local plan = planUser()
if not plan then return 0 end
local counted = #KEYS > 3
local points, problem
if counted then
  checkActivity(3)
  local at = activityEnd(plan.next)
  if ARGV[at] then points, problem = planPoints(6, at) end
end
applyUser(plan)
if counted then applyActivity(3, plan.next) end
if problem then return problem end
applyPoints(points)
return 1
`;

/**
 * On a Cluster, after a commit: KEYS: the three activity keys, the hash of versions counted, users,
 * then the index keys; ARGV: the activity arguments, then member, version and the index lines. The
 * counts are added only when the version is newer than the one last counted for the user (a retried
 * call counts once). Returns 1.
 */
export const INDEX_LUA = `${LUA_COMMON}${ACTIVITY_PART}${INDEX_PART}
checkActivity(0)
expect(KEYS[4], 'hash')
local at = activityEnd(1)
local plan, problem = planIndex(5, at)
if problem then fail(problem) end
local member, version = ARGV[at], tonumber(ARGV[at + 1])
local counted = tonumber(redis.call('HGET', KEYS[4], member) or '0')
if version > counted then
  applyActivity(0, 1)
  redis.call('HSET', KEYS[4], member, version)
end
applyIndex(plan)
return 1
`;

/**
 * KEYS: state, data, idem, the three activity keys, POINTS_PART's keys, users, index keys; ARGV:
 * COMMIT's, the activity arguments, POINTS_PART's, then INDEX's. Returns 0 on a version mismatch, 1
 * when committed with the counts, the points lines and the index, or the problem (a string) when
 * committed (with the counts) but the index or the points lines could not be written: the user's
 * write stands, as with the separate scripts, and so does whichever of the two could be written.
 */
export const COMMIT_INDEXED_LUA = `${LUA_COMMON}${USER_PART}${ACTIVITY_PART}${POINTS_PART}${INDEX_PART}
local plan = planUser()
if not plan then return 0 end
checkActivity(3)
local at = activityEnd(plan.next)
local points, pointsProblem = planPoints(6, at)
local index, problem = planIndex(7 + pointsKeyCount(at), pointsEnd(at))
applyUser(plan)
applyActivity(3, plan.next)
if not pointsProblem then applyPoints(points) end
if not problem then applyIndex(index) end
return problem or pointsProblem or 1
`;

/**
 * On a Cluster, a write with news: KEYS: state, data, idem, the user's outbox entries and last
 * sequence; ARGV: COMMIT's, then the outbox arguments. Returns 0 on a version mismatch, or the commit
 * instant of the user's oldest entry and the last sequence (what REGISTER then lists in the account's
 * slot).
 */
export const COMMIT_OUTBOX_LUA = `${LUA_COMMON}${USER_PART}${OUTBOX_PART}
local plan = planUser()
if not plan then return 0 end
local outbox = planOutbox(3, plan.next)
applyUser(plan)
local head, last = applyOutbox(outbox)
return { head, last }
`;

/**
 * On a single Redis, a write with news: KEYS: state, data, idem, the user's outbox entries and last
 * sequence, the account's outbox registry (users, heard), the three activity keys, POINTS_PART's
 * keys, users, index keys; ARGV: COMMIT's, the outbox arguments, the activity arguments,
 * POINTS_PART's, then INDEX's. The entries and the user's place in the registry are written with the
 * user's keys; returns as COMMIT_INDEXED.
 */
export const COMMIT_INDEXED_OUTBOX_LUA = `${LUA_COMMON}${USER_PART}${OUTBOX_PART}${REGISTER_PART}${ACTIVITY_PART}${POINTS_PART}${INDEX_PART}
local plan = planUser()
if not plan then return 0 end
local outbox = planOutbox(3, plan.next)
checkRegistry(KEYS[6], KEYS[7])
checkActivity(7)
local at = activityEnd(outbox.next)
local points, pointsProblem = planPoints(10, at)
local index, problem = planIndex(11 + pointsKeyCount(at), pointsEnd(at))
applyUser(plan)
local head, last = applyOutbox(outbox)
register(KEYS[6], KEYS[7], outbox.member, head, last)
applyActivity(7, outbox.next)
if not pointsProblem then applyPoints(points) end
if not problem then applyIndex(index) end
return problem or pointsProblem or 1
`;

/**
 * What a user's slot holds after a commit whose answer was lost (lost-commits.ts): KEYS[1] the
 * state, and with news KEYS[2], KEYS[3] the outbox entries and last sequence. Returns the state ('' for
 * none) and with news the commit instant of the oldest entry and the last sequence ('' for none). A
 * script, not a GET: a node holding writes holds it behind the commit, as it holds the commit.
 */
export const PEEK_LUA = `
local state = redis.call('GET', KEYS[1]) or ''
if #KEYS == 1 then return { state } end
local head = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
return { state, head and string.match(head, '^%d+:(%d+):') or '', redis.call('GET', KEYS[3]) or '' }
`;
