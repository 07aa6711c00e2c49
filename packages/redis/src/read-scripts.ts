/**
 * The analytics scripts. Each first retires the members that are dead at `at` (deadAt <= at) from
 * the active structures, a bounded number per call (the client calls again while 'more' comes
 * back), and then reads, so that no query looks at every user. Members retired by an earlier query
 * at a later instant but still alive at `at` are handed back ("revived") for the client to add.
 */
import { LUA_COMMON } from './lua-common.js';

/**
 * KEYS: the 8 index keys. ARGV: at, top, retire limit.
 * Returns {'more'} or {'done', active, lengthSum, counts (flat), topCurrent (flat, -length scores),
 * topLongest (flat, -longest scores), revived (flat member, entry)}.
 */
export const STATS_LUA = `${LUA_COMMON}
local ix = indexAt(0)
local at, top = ARGV[1], tonumber(ARGV[2])
if retire(ix, at, tonumber(ARGV[3])) then return { 'more' } end
local current, longest = {}, {}
if top > 0 then
  current = redis.call('ZRANGE', ix.len, 0, top - 1, 'WITHSCORES')
  longest = redis.call('ZRANGE', ix.best, 0, top - 1, 'WITHSCORES')
end
return {
  'done',
  redis.call('ZCARD', ix.dead),
  redis.call('GET', ix.sum) or '0',
  redis.call('HGETALL', ix.counts),
  current,
  longest,
  revived(ix, at),
}
`;

/**
 * KEYS: the 8 index keys. ARGV: at, before, limit, retire limit.
 * Returns {'more'} or {'done', soonest (flat member, expiresAt, -length), revived (flat member, entry)}.
 */
export const EXPIRING_LUA = `${LUA_COMMON}
local ix = indexAt(0)
local at, before, limit = ARGV[1], ARGV[2], tonumber(ARGV[3])
-- with a line to page after: its expiry and member ('' for none)
local afterExp, afterMember = ARGV[4], ARGV[5]
if retire(ix, at, tonumber(ARGV[6])) then return { 'more' } end
local soonest = {}
local function push(member, score)
  soonest[#soonest + 1] = member
  soonest[#soonest + 1] = score
  local length = redis.call('ZSCORE', ix.len, member)
  if not length then fail(ix.len .. ' has no length for active member ' .. member) end
  soonest[#soonest + 1] = length
end
if limit > 0 then
  if afterExp == '' then
    local found = redis.call('ZRANGEBYSCORE', ix.exp, '-inf', '(' .. before, 'WITHSCORES', 'LIMIT', 0, limit)
    for j = 1, #found, 2 do push(found[j], found[j + 1]) end
  else
    -- the members of the line's expiry hold the ranks [lo, hi), in member order: the first after
    -- the line's member is found by halving, then the page runs on by rank (members sort as user ids)
    local lo = redis.call('ZCOUNT', ix.exp, '-inf', '(' .. afterExp)
    local hi = lo + redis.call('ZCOUNT', ix.exp, afterExp, afterExp)
    while lo < hi do
      local mid = math.floor((lo + hi) / 2)
      if redis.call('ZRANGE', ix.exp, mid, mid)[1] <= afterMember then lo = mid + 1 else hi = mid end
    end
    local found = redis.call('ZRANGE', ix.exp, lo, lo + limit - 1, 'WITHSCORES')
    for j = 1, #found, 2 do
      if tonumber(found[j + 1]) >= tonumber(before) then break end
      push(found[j], found[j + 1])
    end
  end
end
return { 'done', soonest, revived(ix, at) }
`;
