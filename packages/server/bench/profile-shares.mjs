// @ts-check
// Where a thread's CPU time went, by part of the stack: a V8 CPU profile (the inspector's
// Profiler.stop answer, or a .cpuprofile file) summed by the package of the code that ran.
//
// A sample in native code (a SQLite statement run through the driver, an Intl call, JSON.stringify)
// counts for the nearest JavaScript frame above it that belongs to a package: a statement run by
// the SQLite store is the store's time, a date formatted by the engine the engine's. Samples
// without such a frame (the collector, V8's own work) are parts of their own; idle time is not
// counted.

/** @typedef {{ id: number, callFrame: { functionName: string, url: string }, children?: number[] }} ProfileNode */
/** @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} CpuProfile */

/** The parts, in the order they are printed. */
export const PARTS = /** @type {const} */ ([
  ['engine', '@kindling/core: the engine'],
  ['store', '@kindling/sqlite or /redis, and its driver (statements, commits)'],
  ['server', '@kindling/server: routes, auth, wire shapes'],
  ['framework', 'Fastify, its parsers, validators and serialisers, other packages'],
  ['node', "Node: sockets (HTTP's and the store connection's), streams, events"],
  ['gc', 'garbage collector'],
  ['other', 'V8 and native code with no package above it'],
]);
/** @typedef {(typeof PARTS)[number][0]} Part */

/** The stores' drivers and the packages they run on (their parsers and queues are the store's time too). */
const STORE_DRIVERS = new Set([
  'better-sqlite3',
  'bindings',
  'ioredis',
  '@ioredis/commands',
  'cluster-key-slot',
  'denque',
  'redis-errors',
  'redis-parser',
  'standard-as-callback',
]);

/** The part a frame's script belongs to, or null for a frame without a script (native, builtin). */
export function partOfUrl(/** @type {string} */ url) {
  if (url === '') return null;
  if (url.startsWith('node:')) return 'node';
  const own = /[/\\](?:packages|@kindling)[/\\](core|sqlite|redis|server)[/\\]/.exec(url);
  if (own !== null) return own[1] === 'core' ? 'engine' : own[1] === 'server' ? 'server' : 'store';
  const dep = /node_modules[/\\](@[^/\\]+[/\\][^/\\]+|[^/\\@][^/\\]*)[/\\](?!.*node_modules)/.exec(url);
  if (dep !== null) return STORE_DRIVERS.has(dep[1] ?? '') ? 'store' : 'framework';
  return 'other';
}

/**
 * Microseconds of CPU per part, and the idle microseconds apart, summed over the profile's samples.
 * @param {CpuProfile} profile
 */
export function sharesOf(profile) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map();
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  /** @type {Map<number, Part | 'idle'>} */
  const partOfNode = new Map();
  const classify = (/** @type {number} */ id) => {
    const known = partOfNode.get(id);
    if (known !== undefined) return known;
    /** @type {Part | 'idle'} */
    let part = 'other';
    for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parent.get(at)) {
      const frame = /** @type {ProfileNode} */ (byId.get(at)).callFrame;
      const byUrl = partOfUrl(frame.url);
      if (byUrl !== null) {
        part = byUrl;
        break;
      }
      if (frame.functionName === '(idle)') part = 'idle';
      else if (frame.functionName === '(garbage collector)') part = 'gc';
    }
    partOfNode.set(id, part);
    return part;
  };
  /** @type {Record<Part, number>} */
  const micros = { engine: 0, store: 0, server: 0, framework: 0, node: 0, gc: 0, other: 0 };
  let idle = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const part = classify(/** @type {number} */ (profile.samples[i]));
    const delta = profile.timeDeltas[i] ?? 0;
    if (part === 'idle') idle += delta;
    else micros[part] += delta;
  }
  const busy = Object.values(micros).reduce((a, b) => a + b, 0);
  return { micros, busy, idle };
}

/** @typedef {{ callFrame: { functionName: string, url: string }, selfSize: number, children?: HeapNode[] }} HeapNode */
/** @typedef {{ head: HeapNode }} HeapProfile */

/**
 * Bytes allocated per part, from V8's sampling heap profile (the inspector's
 * HeapProfiler.stopSampling answer, taken with the objects the collectors freed included): each
 * sampled allocation counts for the package of the nearest JavaScript frame above it, as a CPU
 * sample does in `sharesOf`.
 * @param {HeapProfile} profile
 */
export function allocationsOf(profile) {
  /** @type {Record<Part, number>} */
  const bytes = { engine: 0, store: 0, server: 0, framework: 0, node: 0, gc: 0, other: 0 };
  /** @type {Array<[HeapNode, Part]>} */
  const stack = [[profile.head, 'other']];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, above] = next;
    const own = partOfUrl(node.callFrame.url);
    const part = own ?? above;
    bytes[part] += node.selfSize;
    for (const child of node.children ?? []) stack.push([child, part]);
  }
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return { bytes, total };
}
