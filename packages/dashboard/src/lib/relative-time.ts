/** How long ago an instant was, in words: "just now", "5 minutes ago", "3 days ago", "in 2 hours". */

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `instant` (ISO text) relative to `now` (epoch ms) in the reader's locale; a dash for none, the text itself when unreadable. */
export function formatRelative(instant: string | null, now: number, locale?: string): string {
  if (instant === null || instant === '') return '—';
  const at = Date.parse(instant);
  if (Number.isNaN(at)) return instant;
  const ms = at - now;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size) return format.format(Math.trunc(ms / size), unit);
  }
  return 'just now';
}
