/**
 * How many runs a property gets: `KINDLING_PROPERTY_RUNS` when set (for a quick local loop or a long
 * soak), 1,000 by default, and never fewer than 1,000 under CI.
 */
export function propertyRuns(defaultRuns = 1000): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
  const requested = Number(env.KINDLING_PROPERTY_RUNS ?? defaultRuns);
  const runs = Number.isInteger(requested) && requested >= 1 ? requested : defaultRuns;
  return env.CI ? Math.max(1000, runs) : runs;
}
