import type { StreakPeriod } from '../../api/types';
import { classifyPeriod, countStates, fromFirstActivity, periodStates } from '../../lib/calendar';

/**
 * The user's periods from the first active one, oldest first, one cell each: colour and a symbol
 * tell the state, and each cell's text (read by screen readers, shown as a tooltip) says the
 * dates, state and length.
 */
export function StreakCalendar({ periods: history }: { periods: readonly StreakPeriod[] }) {
  const periods = fromFirstActivity(history);
  const counts = countStates(periods);
  const symbols = Object.fromEntries(periodStates.map((s) => [s.state, s.symbol]));
  const labels = Object.fromEntries(periodStates.map((s) => [s.state, s.label]));
  return (
    <section aria-labelledby="calendar-heading">
      <h2 id="calendar-heading">Periods</h2>
      <ul className="legend" aria-label="Legend">
        {periodStates.map(({ state, label, symbol }) => (
          <li key={state}>
            <span className={`cell cell-${state}`} aria-hidden="true">
              {symbol}
            </span>{' '}
            {label}: {counts[state]}
          </li>
        ))}
      </ul>
      {periods.length === 0 ? (
        <p>No period held yet: the calendar starts with the first period the user meets the streak's conditions.</p>
      ) : (
        <ol className="calendar" aria-label={`${periods.length} periods, oldest first`}>
          {periods.map((period, i) => {
            const current = i === periods.length - 1;
            const state = classifyPeriod(period, { current });
            const dates =
              period.periodStart === period.periodEnd
                ? period.periodStart
                : `${period.periodStart} to ${period.periodEnd}`;
            const text = `${dates}: ${labels[state]}, streak ${period.length}${current ? ' (current period)' : ''}`;
            return (
              <li
                key={period.periodStart}
                className={`cell cell-${state}${current ? ' cell-current' : ''}`}
                title={text}
              >
                <span aria-hidden="true">{symbols[state]}</span>
                <span className="visually-hidden">{text}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
