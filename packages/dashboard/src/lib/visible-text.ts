/**
 * Text that users of an app send (their ids, emails), as the dashboard shows it: every character
 * that turns the direction of the text around it (the marks U+200E, U+200F and U+061C, the
 * embeddings and overrides U+202A..U+202E, the isolates U+2066..U+2069) written as a visible code
 * such as `[U+202E]`. Such a character is never part of a real id or address, and shown as it is it
 * lets one pass for another: `\u202emoc.elpmaxe@nimda` reads as admin@example.com. Names the owner
 * gives are refused with them instead (the server's names.ts); the command line escapes them too.
 */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function visibleText(text: string): string {
  return text.replace(
    DIRECTION_CONTROLS,
    (c) => `[U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}]`,
  );
}
