/**
 * The streak read as JSON text, written by hand for the history (up to 366 small objects whose
 * values need no escaping: dates, integers, booleans): several times cheaper than JSON.stringify
 * on the whole answer, which is most of a 366-period read.
 */
import type { HistoryPeriod } from '@kindling/core';

function historyJson(periods: readonly HistoryPeriod[], freezes: boolean): string {
  let out = '';
  for (let i = 0; i < periods.length; i++) {
    const p = periods[i] as HistoryPeriod;
    out +=
      (i === 0 ? '{"periodStart":"' : ',{"periodStart":"') +
      p.periodStart +
      '","periodEnd":"' +
      p.periodEnd +
      '","length":' +
      p.length +
      (freezes ? (p.usedFreeze ? ',"usedFreeze":true' : ',"usedFreeze":false') : '') +
      (p.usedPause ? ',"usedPause":true}' : ',"usedPause":false}');
  }
  return out;
}

/** `{ ...fields, streakHistory }` as JSON, equal to JSON.stringify of the same object. */
export function streakJson(
  fields: Readonly<Record<string, unknown>>,
  history: readonly HistoryPeriod[],
  freezes: boolean,
): string {
  const head = JSON.stringify(fields);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"streakHistory":[${historyJson(history, freezes)}]}`;
}
