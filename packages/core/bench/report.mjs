// @ts-check
// What every bench prints with: numbers, columns, medians and quantiles, CPU time and the heap's
// peak. Shared by the benches of every package, as workload.mjs shares their events.

/** A whole number with thousands separators: 1,234,567. */
export const fmtInt = (/** @type {number} */ n) => Math.round(n).toLocaleString('en-US');

/** Bytes in MB (2^20), with `digits` decimals. */
export const mb = (/** @type {number} */ bytes, digits = 0) => (bytes / 1_048_576).toFixed(digits);

/** `text` padded to `width`, on the left when `right` (numbers) and on the right otherwise. */
export const pad = (/** @type {unknown} */ text, /** @type {number} */ width, right = false) =>
  right ? String(text).padStart(width) : String(text).padEnd(width);

/** The median: the middle value, or the mean of the two middle ones. NaN for no values. */
export function median(/** @type {number[]} */ xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const upper = s[m] ?? Number.NaN;
  return s.length % 2 ? upper : ((s[m - 1] ?? Number.NaN) + upper) / 2;
}

/** The nearest-rank quantile `q` (0..1) of values sorted ascending. NaN for no values. */
export function quantile(/** @type {ArrayLike<number>} */ sorted, /** @type {number} */ q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** CPU seconds of the whole process (all threads, the collector's helpers too) since `start`. */
export function cpuSeconds(/** @type {NodeJS.CpuUsage} */ start) {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** The heap's peak, as far as `sample` was called (every few thousand operations, say). */
export function heapPeak() {
  let peak = 0;
  return {
    sample() {
      const used = process.memoryUsage().heapUsed;
      if (used > peak) peak = used;
      return used;
    },
    get peak() {
      return peak;
    },
  };
}

/** A column of a printed table: its title, its width, and whether its cells are right-aligned (numbers). */
/** @typedef {readonly [title: string, width: number, right?: boolean]} Column */

/**
 * A table printed line by line: `header()` prints the titles and a rule under them, `row(cells)` one
 * row, each cell padded to its column and the columns two spaces apart.
 */
export function table(/** @type {readonly Column[]} */ columns) {
  const line = (/** @type {readonly unknown[]} */ cells) =>
    columns.map(([, width, right], i) => pad(cells[i], width, right)).join('  ');
  return {
    header() {
      const titles = line(columns.map(([title]) => title));
      console.log(titles);
      console.log('-'.repeat(titles.length));
    },
    row(/** @type {readonly unknown[]} */ cells) {
      console.log(line(cells));
    },
  };
}
