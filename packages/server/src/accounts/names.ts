/**
 * The rule of a name people give (a metric, an achievement, a key, an account, a tenant), one for
 * the admin API's schemas and the CLI's flags: 1 to 255 characters, none of them a control character
 * (C0, DEL, C1) or a bidirectional control: the core's rule of shown text (characters.ts), the one
 * user ids and names meet too. A name is shown in terminals and on pages, where such characters
 * would clear a screen, fake a table row or reverse the text around them.
 */
import { isShowable, SHOWABLE_PATTERN } from '@kindling/core';

export const MAX_NAME_LENGTH = 255;

/** The JSON schema pattern of a name (Ajv reads it with the `u` flag). */
export const NAME_PATTERN = SHOWABLE_PATTERN;

/** Why `name` cannot be a name, or null when it can. */
export function nameProblem(name: string): string | null {
  // characters are code points, as the admin API's schemas count them: an emoji is one
  const characters = name.length > MAX_NAME_LENGTH ? [...name].length : name.length;
  if (characters === 0 || characters > MAX_NAME_LENGTH)
    return `must be 1 to ${MAX_NAME_LENGTH} characters, got ${characters}`;
  if (!isShowable(name)) return 'must hold no control characters or direction overrides';
  return null;
}
