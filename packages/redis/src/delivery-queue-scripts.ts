/**
 * The delivery queue's Lua (delivery-queue.ts): each operation is one script, so each is atomic, on
 * a Cluster too, where every key of a queue shares its hash tag (one slot). Every script takes the
 * queue's fixed keys as KEYS (sequence, ready, waiting, done: they route it to the queue's slot) and
 * the key base `{<prefix>}` as ARGV[1], from which it names the keys of deliveries, lines and
 * endpoints (same slot).
 *
 * A delivery is the hash `d:<ref>`, ref = `<endpoint>:<id>` (names escaped: keys.ts escapeName, so
 * no `:` is left in them), fields: seq (its place in queue order), body (the queued delivery, JSON
 * as given), line, id, created, status, attempts, first, next ('' when none), last (the attempt,
 * JSON, or ''), claims (how many claims handed it out), finished (the claim whose attempt finished
 * last: a pending delivery with more claims is held by an attempt under way until its lease, next,
 * runs out; a hash queued before the field has none and is taken as held by no attempt). A line (`<endpoint>:<orderKey>`) is the sorted set `l:<line>` of its pending
 * deliveries by seq: its first is the one that may go. Each line with a pending delivery is in
 * exactly one of `waiting` (scored by its first's next) or `ready` (scored by its first's seq, once
 * due): claim moves the lines fallen due from waiting to ready and hands out ready's first lines, so
 * what goes is oldest queued first, and never a delivery behind a pending one of its line. `done`
 * holds the finished deliveries by createdAt (purge), `e:<endpoint>` every delivery of an endpoint
 * by seq (list, removeEndpoint), `seq` the last seq given out, `form` the form of the order keys
 * (MOVE_KEYS_LUA), `counts` the hash of how many are pending and how many failed (fields pending,
 * failed): every script that changes a delivery's status or forgets one moves them (counted), so
 * that COUNT_LUA reads two fields; a queue written before them has them made once (COUNTS_LUA).
 *
 * By endpoint: `el:<endpoint>` holds the endpoint's lines with a pending delivery, each scored by
 * its first's next (when it may be handed out: due, or its lease's end), and `endpoints` every
 * endpoint with such a line, scored by the lowest of them. Every script that moves a line's first or
 * its next keeps both (placeLine, indexLine), so DUE_ENDPOINTS_LUA reads a range of `endpoints` and
 * CLAIM_ENDPOINT_LUA a range of one endpoint's lines: what another endpoint has waiting is never
 * read. A queue written before them has them made once (ENDPOINT_INDEX_LUA, noted `endpoints:made`).
 */

const COMMON = `
local base = ARGV[1]
local seqKey, ready, waiting, done = KEYS[1], KEYS[2], KEYS[3], KEYS[4]
local function deliveryKey(ref) return base .. 'd:' .. ref end
local function lineKey(line) return base .. 'l:' .. line end
local function endpointKey(endpoint) return base .. 'e:' .. endpoint end
local function endpointOf(name) return string.match(name, '^[^:]*') end
local countsKey = base .. 'counts'
local endpointsKey = base .. 'endpoints'
local function endpointLinesKey(endpoint) return base .. 'el:' .. endpoint end

-- An endpoint's place in endpoints: the lowest score of its lines, or gone when it has none.
local function placeEndpoint(endpoint)
  local top = redis.call('ZRANGE', endpointLinesKey(endpoint), 0, 0, 'WITHSCORES')
  if top[2] then redis.call('ZADD', endpointsKey, top[2], endpoint) else redis.call('ZREM', endpointsKey, endpoint) end
end

-- A line of its endpoint's, from when its first may be handed out (at), or none (at nil).
local function indexLine(line, at)
  local endpoint = endpointOf(line)
  if at then
    redis.call('ZADD', endpointLinesKey(endpoint), at, line)
  else
    redis.call('ZREM', endpointLinesKey(endpoint), line)
  end
  placeEndpoint(endpoint)
end

-- Moves the count of a status (pending and failed are counted) by a delivery that enters it (1) or leaves it (-1).
local function counted(status, by)
  if status == 'pending' or status == 'failed' then redis.call('HINCRBY', countsKey, status, by) end
end

-- Puts a line where claim finds it: its first pending delivery waits for its next, or the line is
-- dropped when it has none.
local function placeLine(line)
  redis.call('ZREM', ready, line)
  local first = redis.call('ZRANGE', lineKey(line), 0, 0)[1]
  if first then
    local at = redis.call('HGET', deliveryKey(endpointOf(line) .. ':' .. first), 'next')
    redis.call('ZADD', waiting, at, line)
    indexLine(line, at)
  else
    redis.call('ZREM', waiting, line)
    indexLine(line, nil)
  end
end

local function readDelivery(key)
  return redis.call('HMGET', key, 'body', 'status', 'attempts', 'first', 'next', 'last', 'claims')
end
`;

/** ARGV: base, then per delivery: ref, line, escaped id, createdAt, body. Returns how many were new. */
export const ENQUEUE_LUA = `${COMMON}
local added = 0
for j = 2, #ARGV, 5 do
  local ref, line, id, created, body = ARGV[j], ARGV[j + 1], ARGV[j + 2], ARGV[j + 3], ARGV[j + 4]
  local key = deliveryKey(ref)
  if redis.call('EXISTS', key) == 0 then
    local seq = redis.call('INCR', seqKey)
    redis.call('HSET', key, 'seq', seq, 'body', body, 'line', line, 'id', id, 'created', created,
      'status', 'pending', 'attempts', 0, 'first', '', 'next', created, 'last', '', 'finished', 0)
    redis.call('ZADD', endpointKey(endpointOf(ref)), seq, id)
    local lk = lineKey(line)
    local alone = redis.call('EXISTS', lk) == 0
    redis.call('ZADD', lk, seq, id)
    if alone then
      redis.call('ZADD', waiting, created, line)
      indexLine(line, created)
    end
    added = added + 1
  end
end
counted('pending', added)
return added
`;

/**
 * ARGV: base, now, limit, the lease's end, how many lines fallen due to move to ready at most.
 * Returns the deliveries handed out (readDelivery's fields), oldest queued first.
 */
export const CLAIM_LUA = `${COMMON}
local now, limit, leaseEnd = tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
for _, line in ipairs(redis.call('ZRANGEBYSCORE', waiting, '-inf', ARGV[2], 'LIMIT', 0, ARGV[5])) do
  local first = redis.call('ZRANGE', lineKey(line), 0, 0, 'WITHSCORES')
  redis.call('ZREM', waiting, line)
  if first[2] then redis.call('ZADD', ready, first[2], line) end
end
local claimed = {}
while #claimed < limit do
  local lines = redis.call('ZRANGE', ready, 0, limit - #claimed - 1)
  if #lines == 0 then break end
  for _, line in ipairs(lines) do
    redis.call('ZREM', ready, line)
    local first = redis.call('ZRANGE', lineKey(line), 0, 0)[1]
    if first then
      local key = deliveryKey(endpointOf(line) .. ':' .. first)
      local dueAt = redis.call('HGET', key, 'next')
      if tonumber(dueAt) <= now then
        redis.call('HSET', key, 'next', leaseEnd)
        redis.call('HINCRBY', key, 'claims', 1)
        redis.call('ZADD', waiting, leaseEnd, line)
        indexLine(line, leaseEnd)
        claimed[#claimed + 1] = readDelivery(key)
      else
        -- moved to ready by a claim with a later clock than this one: not due for this one
        redis.call('ZADD', waiting, dueAt, line)
      end
    end
  end
end
return claimed
`;

/** ARGV: base, now, how many at most. Returns the (escaped) endpoints with a line due by now, the longest due first. */
export const DUE_ENDPOINTS_LUA = `${COMMON}
return redis.call('ZRANGEBYSCORE', endpointsKey, '-inf', ARGV[2], 'LIMIT', 0, ARGV[3])
`;

/**
 * ARGV: base, the (escaped) endpoint, now, limit, the lease's end. Returns the deliveries of the
 * endpoint handed out (readDelivery's fields), the soonest due first: the first of each of its
 * lines due by now, from its lines' range alone. A line whose score is not its first's next (left
 * so by a writer that did not keep it) is placed again, not handed out.
 */
export const CLAIM_ENDPOINT_LUA = `${COMMON}
local endpoint, now, leaseEnd = ARGV[2], tonumber(ARGV[3]), ARGV[5]
local claimed = {}
for _, line in ipairs(redis.call('ZRANGEBYSCORE', endpointLinesKey(endpoint), '-inf', ARGV[3], 'LIMIT', 0, ARGV[4])) do
  local first = redis.call('ZRANGE', lineKey(line), 0, 0)[1]
  local key = first and deliveryKey(endpoint .. ':' .. first)
  local dueAt = key and tonumber(redis.call('HGET', key, 'next'))
  if dueAt and dueAt <= now then
    redis.call('HSET', key, 'next', leaseEnd)
    redis.call('HINCRBY', key, 'claims', 1)
    redis.call('ZREM', ready, line)
    redis.call('ZADD', waiting, leaseEnd, line)
    redis.call('ZADD', endpointLinesKey(endpoint), leaseEnd, line)
    claimed[#claimed + 1] = readDelivery(key)
  else
    placeLine(line)
  end
end
placeEndpoint(endpoint)
return claimed
`;

/**
 * ARGV: base. Makes the endpoints' index (`el:<endpoint>`, `endpoints`) for a queue written before
 * it, once (a queue object runs it before its first operation, after MOVE_KEYS_LUA and COUNTS_LUA):
 * every line in waiting or ready, scored by its first's next. Returns 1 when it made them, 0 when
 * they were there.
 */
export const ENDPOINT_INDEX_LUA = `${COMMON}
local made = base .. 'endpoints:made'
if redis.call('EXISTS', made) == 1 then return 0 end
for _, set in ipairs({ waiting, ready }) do
  for _, line in ipairs(redis.call('ZRANGE', set, 0, -1)) do
    local first = redis.call('ZRANGE', lineKey(line), 0, 0)[1]
    if first then
      redis.call('ZADD', endpointLinesKey(endpointOf(line)), redis.call('HGET', deliveryKey(endpointOf(line) .. ':' .. first), 'next'), line)
    end
  end
end
local seen = {}
for _, set in ipairs({ waiting, ready }) do
  for _, line in ipairs(redis.call('ZRANGE', set, 0, -1)) do
    local endpoint = endpointOf(line)
    if not seen[endpoint] then
      seen[endpoint] = true
      placeEndpoint(endpoint)
    end
  end
end
redis.call('SET', made, 1)
return 1
`;

/**
 * ARGV: base, ref, the attempt (JSON), its instant, the outcome's status, its next ('' unless
 * pending), the claim it answers. Returns 1, or 0 when the delivery is unknown, not pending, or
 * claimed again since (a hash without `claims` was claimed by none: 0).
 */
export const FINISH_LUA = `${COMMON}
local ref = ARGV[2]
local key = deliveryKey(ref)
local found = redis.call('HMGET', key, 'status', 'line', 'id', 'created', 'first', 'claims')
if found[1] ~= 'pending' then return 0 end
if (tonumber(found[6]) or 0) ~= tonumber(ARGV[7]) then return 0 end
redis.call('HINCRBY', key, 'attempts', 1)
redis.call('HSET', key, 'finished', ARGV[7])
if found[5] == '' then redis.call('HSET', key, 'first', ARGV[4]) end
redis.call('HSET', key, 'last', ARGV[3])
if ARGV[5] == 'pending' then
  redis.call('HSET', key, 'next', ARGV[6])
else
  redis.call('HSET', key, 'status', ARGV[5], 'next', '')
  counted('pending', -1)
  counted(ARGV[5], 1)
  redis.call('ZREM', lineKey(found[2]), found[3])
  redis.call('ZADD', done, found[4], ref)
end
placeLine(found[2])
return 1
`;

/**
 * ARGV: base, ref, now. Pending again and due at now, back in its line at its place in queue order
 * (before what was queued after it). Returns 1, 0 when unknown, or 2 and nothing changed while an
 * attempt is under way (core's isUnderWay: pending, claimed after the last finished claim, its lease
 * running past now).
 */
export const RETRY_LUA = `${COMMON}
local ref = ARGV[2]
local key = deliveryKey(ref)
local found = redis.call('HMGET', key, 'status', 'line', 'id', 'seq', 'claims', 'finished', 'next')
if not found[1] then return 0 end
if found[1] == 'pending' and found[6] and tonumber(found[5] or 0) > tonumber(found[6])
  and tonumber(found[7]) > tonumber(ARGV[3]) then
  return 2
end
if found[1] ~= 'pending' then
  redis.call('HSET', key, 'status', 'pending')
  counted(found[1], -1)
  counted('pending', 1)
  redis.call('ZADD', lineKey(found[2]), found[4], found[3])
  redis.call('ZREM', done, ref)
end
redis.call('HSET', key, 'next', ARGV[3])
placeLine(found[2])
return 1
`;

/** ARGV: base, ref. Returns readDelivery's fields (all false when unknown). */
export const GET_LUA = `${COMMON}
return readDelivery(deliveryKey(ARGV[2]))
`;

/**
 * ARGV: base, endpoint, the highest seq ('+inf' or '(<seq>'), how many. Returns pairs of a seq and
 * readDelivery's fields, newest queued first.
 */
export const LIST_LUA = `${COMMON}
local endpoint = ARGV[2]
local found = redis.call('ZREVRANGEBYSCORE', endpointKey(endpoint), ARGV[3], '-inf', 'WITHSCORES', 'LIMIT', 0, ARGV[4])
local page = {}
for j = 1, #found, 2 do
  page[#page + 1] = { found[j + 1], readDelivery(deliveryKey(endpoint .. ':' .. found[j])) }
end
return page
`;

/** ARGV: base, '(<before>', how many at most. Forgets finished deliveries queued before; returns how many. */
export const PURGE_LUA = `${COMMON}
local refs = redis.call('ZRANGEBYSCORE', done, '-inf', ARGV[2], 'LIMIT', 0, ARGV[3])
for _, ref in ipairs(refs) do
  counted(redis.call('HGET', deliveryKey(ref), 'status'), -1)
  redis.call('DEL', deliveryKey(ref))
  redis.call('ZREM', done, ref)
  redis.call('ZREM', endpointKey(endpointOf(ref)), string.sub(ref, #endpointOf(ref) + 2))
end
return #refs
`;

/** ARGV: base, endpoint, how many at most. Forgets that many deliveries of the endpoint; returns how many. */
export const REMOVE_ENDPOINT_LUA = `${COMMON}
local endpoint = ARGV[2]
local ek = endpointKey(endpoint)
local ids = redis.call('ZRANGE', ek, 0, tonumber(ARGV[3]) - 1)
local lines = {}
for _, id in ipairs(ids) do
  local ref = endpoint .. ':' .. id
  local key = deliveryKey(ref)
  local found = redis.call('HMGET', key, 'status', 'line')
  counted(found[1], -1)
  if found[1] == 'pending' then
    redis.call('ZREM', lineKey(found[2]), id)
    lines[found[2]] = true
  else
    redis.call('ZREM', done, ref)
  end
  redis.call('DEL', key)
  redis.call('ZREM', ek, id)
end
for line in pairs(lines) do placeLine(line) end
return #ids
`;

/**
 * ARGV: base, endpoint, line (`<endpoint>:<orderKey>`), the rank in the endpoint's deliveries to
 * look from, how many to look at. Forgets those of the line (pending or finished: a user erased)
 * and places the line again (gone once nothing of it is left). Returns how many it looked at and
 * how many it forgot: the next call looks from `rank + looked − forgot`.
 */
export const REMOVE_ORDER_KEY_LUA = `${COMMON}
local endpoint, target, from = ARGV[2], ARGV[3], tonumber(ARGV[4])
local ek = endpointKey(endpoint)
local ids = redis.call('ZRANGE', ek, from, from + tonumber(ARGV[5]) - 1)
local forgot = 0
for _, id in ipairs(ids) do
  local ref = endpoint .. ':' .. id
  local key = deliveryKey(ref)
  local found = redis.call('HMGET', key, 'line', 'status')
  if found[1] == target then
    counted(found[2], -1)
    redis.call('ZREM', lineKey(target), id)
    redis.call('ZREM', done, ref)
    redis.call('DEL', key)
    redis.call('ZREM', ek, id)
    forgot = forgot + 1
  end
end
placeLine(target)
return { #ids, forgot }
`;

/**
 * ARGV: base, endpoint, the start of the lines (`<endpoint>:<escaped prefix>`), the rank to look from,
 * how many to look at. As REMOVE_ORDER_KEY_LUA for every line that starts so; each line it touched
 * is placed again. Returns how many it looked at and how many it forgot.
 */
export const REMOVE_ORDER_KEY_PREFIX_LUA = `${COMMON}
local endpoint, start, from = ARGV[2], ARGV[3], tonumber(ARGV[4])
local ek = endpointKey(endpoint)
local ids = redis.call('ZRANGE', ek, from, from + tonumber(ARGV[5]) - 1)
local forgot, lines = 0, {}
for _, id in ipairs(ids) do
  local ref = endpoint .. ':' .. id
  local key = deliveryKey(ref)
  local found = redis.call('HMGET', key, 'line', 'status')
  local line = found[1]
  if line and string.sub(line, 1, #start) == start then
    counted(found[2], -1)
    redis.call('ZREM', lineKey(line), id)
    redis.call('ZREM', done, ref)
    redis.call('DEL', key)
    redis.call('ZREM', ek, id)
    lines[line] = true
    forgot = forgot + 1
  end
end
for line in pairs(lines) do placeLine(line) end
return { #ids, forgot }
`;

/**
 * ARGV: base, the order keys' form (2: a namespace's and a user's, `userOrderKey`), the escaped start
 * of the main namespace's keys (`escapeName(userOrderKey('', ''))`), that start as it stands in JSON,
 * how many deliveries to move at most. A queue without `form` and with a `seq` was written before
 * keys named a namespace: each of its bare user ids (which did not say the namespace: a tenant's
 * user's stay there until sent and expired) becomes the main namespace's key, in the hash's
 * line and body, the line's sorted set and its place in waiting or ready (same score), so every line
 * stays whole and in its order. Every delivery is found through them: a pending one in its line (each
 * line in waiting or ready), a finished one in done. The first call notes `form` as 'moving' and
 * copies the lines (longest name first) and done to work lists (`move:lines`, `move:done`); each call moves a batch off
 * them, so that no script holds Redis long (100,000 deliveries took 2 s in one), and the last one
 * notes the form. Returns -1 once the keys are of the form, else how many it moved (call again);
 * an error for a form this version does not know.
 */
export const MOVE_KEYS_LUA = `${COMMON}
local formKey, form, escaped, plain, most = base .. 'form', ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5])
local lineWork, doneWork = base .. 'move:lines', base .. 'move:done'
local found = redis.call('GET', formKey)
if found == form then return -1 end
if found and found ~= 'moving' then
  return redis.error_reply('the delivery queue notes order keys of form ' .. found .. '; this version reads form ' .. form .. ': upgrade @kindling/redis')
end
if not found then
  if redis.call('EXISTS', seqKey) == 0 then
    redis.call('SET', formKey, form)
    return -1
  end
  redis.call('SET', formKey, 'moving')
  -- the longest names first: a line's new name is longer than its old one, so it never is the
  -- name of a line still to move (the bare id '0::x' of one, 'x' of another)
  for _, set in ipairs({ waiting, ready }) do
    for _, line in ipairs(redis.call('ZRANGE', set, 0, -1)) do redis.call('ZADD', lineWork, -#line, line) end
  end
  redis.call('ZUNIONSTORE', doneWork, 1, done)
end
local function movedLine(line)
  local endpoint = endpointOf(line)
  return endpoint .. ':' .. escaped .. string.sub(line, #endpoint + 2)
end
-- the index just past the JSON string that starts at i (its opening quote)
local function pastString(text, i)
  i = i + 1
  while i <= #text do
    -- 92: a backslash, which escapes the next character; 34: the closing quote
    local c = string.byte(text, i)
    if c == 92 then i = i + 2 elseif c == 34 then return i + 1 else i = i + 1 end
  end
  error('a delivery body of the queue ends inside a string')
end
local moved = 0
local function moveDelivery(key)
  local fields = redis.call('HMGET', key, 'line', 'body')
  if not fields[1] or not fields[2] then return end
  -- the body is [id, endpointId, orderKey, ...]: the start goes in after the third's opening quote
  local body = fields[2]
  local at = pastString(body, pastString(body, 2) + 1) + 1
  redis.call('HSET', key, 'line', movedLine(fields[1]), 'body', string.sub(body, 1, at) .. plain .. string.sub(body, at + 1))
  moved = moved + 1
end
while moved < most do
  local line = redis.call('ZPOPMIN', lineWork)[1]
  if not line then break end
  local endpoint, to = endpointOf(line), movedLine(line)
  for _, id in ipairs(redis.call('ZRANGE', lineKey(line), 0, -1)) do moveDelivery(deliveryKey(endpoint .. ':' .. id)) end
  if redis.call('EXISTS', lineKey(line)) == 1 then redis.call('RENAME', lineKey(line), lineKey(to)) end
  for _, set in ipairs({ waiting, ready }) do
    local score = redis.call('ZSCORE', set, line)
    if score then
      redis.call('ZREM', set, line)
      redis.call('ZADD', set, score, to)
    end
  end
end
while moved < most do
  local ref = redis.call('ZPOPMIN', doneWork)[1]
  if not ref then break end
  moveDelivery(deliveryKey(ref))
end
if redis.call('EXISTS', lineWork) == 0 and redis.call('EXISTS', doneWork) == 0 then
  redis.call('SET', formKey, form)
  return -1
end
return moved
`;

/** ARGV: base. Returns how many deliveries are pending and how many failed (COUNTS_LUA made the hash). */
export const COUNT_LUA = `${COMMON}
local found = redis.call('HMGET', countsKey, 'pending', 'failed')
return { tonumber(found[1]) or 0, tonumber(found[2]) or 0 }
`;

/**
 * ARGV: base. Makes `counts` for a queue written before it, once (a queue object runs it before its
 * first operation, after MOVE_KEYS_LUA): pending, the deliveries of every line (each line with a
 * pending one is in waiting or ready); failed, those of done whose status is failed. A queue
 * without `seq` holds nothing: both 0. Returns 1 when it made them, 0 when they were there.
 */
export const COUNTS_LUA = `${COMMON}
if redis.call('EXISTS', countsKey) == 1 then return 0 end
local pending, failed = 0, 0
if redis.call('EXISTS', seqKey) == 1 then
  for _, set in ipairs({ waiting, ready }) do
    for _, line in ipairs(redis.call('ZRANGE', set, 0, -1)) do pending = pending + redis.call('ZCARD', lineKey(line)) end
  end
  for _, ref in ipairs(redis.call('ZRANGE', done, 0, -1)) do
    if redis.call('HGET', deliveryKey(ref), 'status') == 'failed' then failed = failed + 1 end
  end
end
redis.call('HSET', countsKey, 'pending', pending, 'failed', failed)
return 1
`;
