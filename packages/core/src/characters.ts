/**
 * The characters of a caller's text. Its length in characters, counted as code points as the HTTP
 * schemas (JSON Schema) count them: an emoji is one character, though it is two in a JavaScript
 * string's length. And the one rule of what text people see may hold (user ids and names, the
 * server's metric, achievement and tenant names): no control character (C0, DEL, C1) and no
 * bidirectional control (embeddings and overrides U+202A-U+202E, isolates U+2066-U+2069, the marks
 * U+200E, U+200F and U+061C), which would clear a terminal, fake a line of a log or a table, or
 * show `adm\u202Ein` as `adm` and `ni` reversed. Every other character is taken, zero-width joiners
 * of emoji included.
 */

const UNSHOWABLE = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/** The rule as a JSON Schema pattern (Ajv reads it with the `u` flag): a text without those characters. */
export const SHOWABLE_PATTERN = `^[^${UNSHOWABLE}]*$`;
const SHOWABLE = new RegExp(SHOWABLE_PATTERN, 'u');

/** Whether `text` holds none of the control and direction characters (the rule above). */
export function isShowable(text: string): boolean {
  return SHOWABLE.test(text);
}

/** What a refusal of the rule says after the field's name. */
export const UNSHOWABLE_PROBLEM = 'must hold no control characters or direction controls';

/** Whether `text` is over `max` characters; counts only a text whose UTF-16 length is over `max`. */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let characters = 0;
  for (const _ of text) if (++characters > max) return true;
  return false;
}
