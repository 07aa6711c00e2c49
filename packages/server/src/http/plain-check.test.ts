/**
 * The plain check in front of Ajv for paths and query strings: a shortcut that never changes an
 * answer. On random schemas (plain ones and others) and random values as a query string or path
 * brings them, the check with the shortcut answers, words its errors and leaves the data exactly as
 * Ajv alone does.
 */
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalOf, plainFieldsOf, type Validator, withPlainCheck } from './plain-check.js';
import { historyQuery, userParams } from './schemas.js';
import { FROM_TEXT_OPTIONS } from './validation.js';

/** A new Ajv each time: a schema compiled twice by one instance is one function, with one `errors`. */
const ajvCheck = (schema: object) => new Ajv(FROM_TEXT_OPTIONS).compile(schema) as Validator;

const PLAIN_KEYS = ['id', 'key', 'historyPeriods', 'page', 'limit', 'q'];
/** Names the plain check leaves to Ajv: Object.prototype's, and ones that are not identifiers. */
const OTHER_KEYS = ['__proto__', 'constructor', 'toString', 'a-b', 'x"y'];
const KEYS = [...PLAIN_KEYS, ...OTHER_KEYS];
const key = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...PLAIN_KEYS) }, fc.constantFrom(...OTHER_KEYS));

const stringSchema = fc.record(
  {
    type: fc.constant('string'),
    minLength: fc.nat(6),
    maxLength: fc.nat(12),
    description: fc.constant('text'),
  },
  { requiredKeys: ['type'] },
);
const bound = fc.oneof(fc.integer({ min: -20, max: 400 }), fc.double({ min: -20, max: 400, noNaN: true }));
const integerSchema = fc
  .record({ minimum: bound, maximum: bound }, { requiredKeys: [] })
  .chain((bounds) =>
    fc.record(
      {
        type: fc.constant('integer'),
        minimum: fc.constant(bounds.minimum),
        maximum: fc.constant(bounds.maximum),
        // mostly a default within the bounds (the only kind the plain check takes), sometimes any
        default: fc.oneof(
          fc.integer({
            min: Math.ceil(bounds.minimum ?? -30),
            max: Math.max(Math.ceil(bounds.minimum ?? -30), Math.floor(bounds.maximum ?? 420)),
          }),
          fc.integer({ min: -30, max: 420 }),
        ),
      },
      { requiredKeys: ['type'] },
    ),
  )
  .map((schema) => JSON.parse(JSON.stringify(schema)) as Record<string, unknown>);
/** Schemas the plain check does not take: Ajv alone must answer. */
const otherSchema = fc.constantFrom<object>(
  { type: 'string', pattern: '^[a-z]+$' },
  { type: ['string', 'null'], maxLength: 4 },
  { type: 'number', minimum: 0 },
  { type: 'integer', exclusiveMinimum: 0 },
  { type: 'array', items: { type: 'string' } },
  { type: 'string', enum: ['true', 'false'] },
  { type: 'boolean' },
);
const objectSchema = fc
  .record(
    {
      properties: fc.dictionary(key, fc.oneof(stringSchema, integerSchema, integerSchema, otherSchema), {
        maxKeys: 3,
      }),
      extraRequired: fc.subarray(KEYS, { maxLength: 2 }),
      requireSome: fc.boolean(),
      additionalProperties: fc.option(fc.boolean(), { nil: undefined, freq: 1 }),
    },
    { requiredKeys: ['properties', 'extraRequired', 'requireSome'] },
  )
  .map(({ properties, extraRequired, requireSome, additionalProperties }) => {
    const names = Object.keys(properties);
    const required = [...(requireSome ? names.slice(0, 1) : []), ...extraRequired.slice(0, names.length === 0 ? 1 : 0)];
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(additionalProperties !== undefined ? { additionalProperties } : {}),
    };
  });

/** A value as a path or query string gives it (text, repeated keys as arrays), and some it never gives. */
const textValue = fc.oneof(
  fc.stringMatching(/^[0-9]{1,17}$/),
  // next to the schemas' bounds
  fc.integer({ min: -25, max: 425 }).map(String),
  // characters outside the Basic Multilingual Plane: two UTF-16 units, one code point to Ajv's lengths
  fc.array(fc.constantFrom('a', '😀', '𝒳', 'é'), { maxLength: 7 }).map((parts) => parts.join('')),
  fc.constantFrom('', '0', '00', '007', ' 5', '5 ', '0x10', '1e2', '-3', '+4', '3.0', '2.5', 'NaN', 'Infinity', '٣'),
  fc.string({ maxLength: 14 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  fc.constantFrom<unknown>(7, 2.5, null, true),
);
/** Values next to a property's bounds: integers just in and out of them, strings of lengths around them. */
function nearBounds(property: Record<string, unknown>): fc.Arbitrary<unknown> {
  const near = (edge: unknown) =>
    typeof edge === 'number' && Number.isFinite(edge)
      ? [Math.floor(edge) - 1, Math.floor(edge), Math.ceil(edge), Math.ceil(edge) + 1]
      : [];
  const integers = [...near(property.minimum), ...near(property.maximum)].map(String);
  const lengths = [...near(property.minLength), ...near(property.maxLength)].filter((n) => n >= 0);
  const strings = lengths.flatMap((n) => [
    'x'.repeat(n),
    '😀'.repeat(n),
    `${'😀'.repeat(Math.floor(n / 2))}${'x'.repeat(n % 2)}`,
  ]);
  const values = [...integers, ...strings];
  return values.length > 0 ? fc.constantFrom(...values) : textValue;
}

/** Data as JSON text (parsed afresh for each side: own `__proto__` keys stay own keys), mostly naming the schema's properties. */
const dataFor = (schema: { properties: Record<string, object> }) => {
  const names = Object.keys(schema.properties);
  const named =
    names.length === 0
      ? fc.constant({})
      : fc.record(
          Object.fromEntries(
            names.map((name) => [
              name,
              fc.oneof(nearBounds((schema.properties[name] ?? {}) as Record<string, unknown>), textValue),
            ]),
          ),
          { requiredKeys: [] },
        );
  return fc
    .oneof(
      { weight: 6, arbitrary: named },
      { weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...KEYS, 'other'), textValue, { maxKeys: 4 }) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 'text') },
    )
    .map((data) => JSON.stringify(data));
};

describe('the plain check in front of Ajv', () => {
  it('answers, words its errors and leaves the data as Ajv alone does, on any schema and value', () => {
    fc.assert(
      fc.property(
        objectSchema.chain((schema) =>
          fc.tuple(fc.constant(schema), fc.array(dataFor(schema), { minLength: 1, maxLength: 12 })),
        ),
        ([schema, texts]) => {
          const withShortcut = withPlainCheck(schema, ajvCheck(schema));
          const alone = ajvCheck(schema);
          for (const text of texts) {
            const mine = JSON.parse(text);
            const theirs = JSON.parse(text);
            const answer = withShortcut(mine);
            expect(answer).toBe(alone(theirs));
            if (!answer) expect(withShortcut.errors).toEqual(alone.errors);
            expect(mine).toEqual(theirs);
            expect(Object.keys(mine ?? {})).toEqual(Object.keys(theirs ?? {}));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('takes the read routes’ path and query in their plain form without asking Ajv', () => {
    let asked = 0;
    const refuseAll: Validator = () => {
      asked += 1;
      return false;
    };
    const query = withPlainCheck(historyQuery, refuseAll);
    const params = withPlainCheck(userParams, refuseAll);
    const seven: Record<string, unknown> = {};
    const year: Record<string, unknown> = { historyPeriods: '366' };
    expect(query(seven)).toBe(true);
    expect(query(year)).toBe(true);
    expect(params({ id: 'user-1' })).toBe(true);
    expect(asked).toBe(0);
    expect(seven.historyPeriods).toBe(7);
    expect(year.historyPeriods).toBe(366);
    // not plain: Ajv decides
    expect(query({ historyPeriods: '0366' })).toBe(false);
    expect(params({ id: '' })).toBe(false);
    expect(asked).toBe(2);
  });

  it('leaves schemas with anything but plain strings and integers to Ajv', () => {
    expect(plainFieldsOf(historyQuery)).not.toBeNull();
    expect(plainFieldsOf(userParams)).not.toBeNull();
    expect(plainFieldsOf({ type: 'object', properties: { q: { type: 'string', pattern: '^a' } } })).toBeNull();
    expect(plainFieldsOf(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'))).toBeNull();
    expect(plainFieldsOf({ type: 'object', properties: {}, additionalProperties: false })).toBeNull();
    expect(
      plainFieldsOf({ type: 'object', properties: { n: { type: 'integer', minimum: 1, default: 0 } } }),
    ).toBeNull();
  });
});

describe('decimalOf', () => {
  it('reads an integer in plain decimal digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), (n) => {
        expect(decimalOf(String(n))).toBe(n);
      }),
    );
  });
  it('refuses every other text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        fc.pre(!/^(0|[1-9][0-9]{0,14})$/.test(text));
        expect(decimalOf(text)).toBe(-1);
      }),
    );
  });
});
