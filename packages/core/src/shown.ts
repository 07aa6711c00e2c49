/**
 * How an error message shows a value a caller gave: as the caller would write it, whatever it is.
 * `JSON.stringify` throws on a BigInt and on a cycle and writes NaN as null; `String` throws on a
 * Symbol and on an object without a prototype. A message that threw would turn a typed input error
 * into an untyped failure, so every message shows caller values through this, and never throws.
 */

/** Characters of a string shown before it is cut short (a message is not an echo of a 20 KB value). */
const MAX_SHOWN = 100;

export function shown(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > MAX_SHOWN ? `${value.slice(0, MAX_SHOWN)}…` : value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'undefined';
    case 'symbol':
      return value.toString();
    case 'function':
      return 'a function';
  }
  if (value === null) return 'null';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : value.toISOString();
  try {
    const text = JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? `${inner}n` : inner));
    return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
  } catch {
    return Array.isArray(value) ? 'an array' : 'an object';
  }
}
