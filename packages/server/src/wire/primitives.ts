/**
 * The small JSON Schemas the response shapes are made of. Numbers are `number`, never `integer`:
 * the serialiser would round a fractional value to fit an integer schema.
 */
export const text = { type: 'string' } as const;
export const textOrNull = { type: ['string', 'null'] } as const;
export const number = { type: 'number' } as const;
export const numberOrNull = { type: ['number', 'null'] } as const;
export const flag = { type: 'boolean' } as const;
/** An object whose keys are data (metric keys, points systems, …), every value kept as sent. */
export const anyObject = { type: 'object', additionalProperties: true } as const;
/** Attribute filters of an achievement: `[{ key, value }]`, every one to hold. */
export const attributeFilters = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'value'],
    properties: { key: text, value: text },
  },
} as const;
export const frequency = { type: 'string', enum: ['daily', 'weekly', 'monthly'] } as const;
