/**
 * Which custom attributes an account declared, and the check of the attributes a request gives
 * against them: a key not declared for its type (a user's attribute on an event, say) refuses the
 * request with a 400 that names every such key, before anything is written.
 */
import type { AttributeDef } from '../control/types.js';
import { InvalidRequestError } from '../errors/service-errors.js';

/** The declared keys of each type. */
export interface DeclaredAttributes {
  readonly user: ReadonlySet<string>;
  readonly event: ReadonlySet<string>;
}

export function declaredAttributes(defs: readonly AttributeDef[] | undefined): DeclaredAttributes {
  const user = new Set<string>();
  const event = new Set<string>();
  for (const def of defs ?? []) (def.type === 'user' ? user : event).add(def.key);
  return { user, event };
}

const shown = (key: string) => JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key);

/** Throws INVALID_ATTRIBUTES naming the keys of `given` not declared as `type` attributes; `where` prefixes the message. */
export function checkAttributes(
  declared: DeclaredAttributes,
  given: Readonly<Record<string, unknown>> | null | undefined,
  type: 'user' | 'event',
  where = '',
): void {
  if (given == null) return;
  const unknown = Object.keys(given).filter((key) => !declared[type].has(key));
  if (unknown.length === 0) return;
  const known = [...declared[type]];
  throw new InvalidRequestError(
    'INVALID_ATTRIBUTES',
    `${where}Invalid attribute keys: ${unknown.slice(0, 10).map(shown).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}; ` +
      (known.length === 0
        ? `no ${type} attributes are declared: declare them with POST /admin/v1/attributes`
        : `the ${type} attributes declared are ${known.slice(0, 20).map(shown).join(', ')}`),
  );
}
