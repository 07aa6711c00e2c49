/**
 * The query of an event summary, the metric's and the points system's alike: `aggregation`,
 * `startDate` and `endDate` (at most 400 days apart, which the engine checks), and the check that
 * names the query's own fields when the dates are out of order (the engine names them from and to).
 */
import { InvalidInputError, parseDay } from '@kindling/core';

const date = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD' } as const;

export const summaryQuery = {
  type: 'object',
  required: ['aggregation', 'startDate', 'endDate'],
  properties: {
    aggregation: { type: 'string', enum: ['daily', 'weekly', 'monthly'] },
    startDate: date,
    endDate: { ...date, description: 'YYYY-MM-DD, at most 400 days after startDate' },
  },
} as const;

/** InvalidInputError naming startDate and endDate when the first is after the second. */
export function checkSummaryDates(startDate: string, endDate: string): void {
  if (parseDay(startDate, 'startDate') > parseDay(endDate, 'endDate'))
    throw new InvalidInputError('INVALID_INPUT', `startDate (${startDate}) must not be after endDate (${endDate})`);
}
