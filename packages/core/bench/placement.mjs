// @ts-check
// The placement loop both bench:core and bench:profile measure the engine against (issue 16): each
// event of the workload placed on its local date with a cached Intl.DateTimeFormat per zone
// (formatToParts), and nothing else.
import { ZONES } from './workload.mjs';

/** One cached formatter per zone of the workload, as a placement loop would keep them. */
export function placementFormats() {
  return ZONES.map(
    (timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
}

/**
 * Places the workload's first `count` events on their local dates; `onEvery65536` is called on the
 * first event and every 65,536th after it (a heap sample, say). Returns a checksum of the dates, so
 * that no work can be left out.
 */
export function placeEvents(
  /** @type {import('./workload.mjs').Workload} */ w,
  /** @type {number} */ count,
  /** @type {Intl.DateTimeFormat[]} */ formats,
  /** @type {() => void} */ onEvery65536 = () => {},
) {
  let check = 0;
  for (let i = 0; i < count; i++) {
    const parts = /** @type {Intl.DateTimeFormat} */ (formats[w.zone[i] ?? 0]).formatToParts(w.at[i]);
    let year = '';
    let month = '';
    let day = '';
    for (let p = 0; p < parts.length; p++) {
      const part = /** @type {Intl.DateTimeFormatPart} */ (parts[p]);
      if (part.type === 'year') year = part.value;
      else if (part.type === 'month') month = part.value;
      else if (part.type === 'day') day = part.value;
    }
    const date = `${year}-${month}-${day}`;
    check += date.charCodeAt(9) + date.length;
    if ((i & 0xffff) === 0) onEvery65536();
  }
  return check;
}
