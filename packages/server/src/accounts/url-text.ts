/**
 * The rule of a URL's text an owner gives (a webhook's, an achievement's badge): it is kept and
 * shown as sent, and called or linked as the URL parser reads it. The parser drops tabs and line
 * breaks anywhere and controls and spaces at the ends, so such a text is shown as one URL and used
 * as another (`https://a.example/\r\nX: 1` is called as `https://a.example/X:%201`). A URL's text
 * holds none of them, nor any other control character, space or direction override.
 */
const NOT_IN_URL = '\\u0000-\\u0020\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const NOT_IN_URL_TEXT = new RegExp(`[${NOT_IN_URL}]`, 'u');

/** Why `text` cannot be the text of a URL (`what` names the field), or null when it can. */
export function urlTextProblem(text: string, what: string): string | null {
  return NOT_IN_URL_TEXT.test(text) ? `${what} must hold no spaces, control characters or direction overrides` : null;
}
