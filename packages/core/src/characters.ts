/**
 * The length of a caller's text in characters, counted as code points as the HTTP schemas (JSON
 * Schema) count them: an emoji is one character, though it is two in a JavaScript string's length.
 */

/** Whether `text` is over `max` characters; counts only a text whose UTF-16 length is over `max`. */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let characters = 0;
  for (const _ of text) if (++characters > max) return true;
  return false;
}
