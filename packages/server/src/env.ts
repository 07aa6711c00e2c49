/**
 * The one place of the server that reads process.env. Everything else gets Settings.
 */
export function readEnvironment(): Readonly<Record<string, string | undefined>> {
  return { ...process.env };
}
