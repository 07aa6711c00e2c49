import type { StreakAnalytics } from '../../api/types';
import { bands, barHeight, labelStep, niceMax } from '../../lib/scale';
import { GridLines } from './GridLines';
import { useWidth } from './use-width';

type Day = StreakAnalytics['daily'][number];

const series = [
  { field: 'extended', label: 'Extensions', className: 'series-extended' },
  { field: 'lost', label: 'Losses', className: 'series-lost' },
  { field: 'freezesUsed', label: 'Freezes used', className: 'series-frozen' },
] as const;

const height = 240;
/** room for one date label ("11-24" at 12 px) and a gap */
const DATE_LABEL_PX = 48;
const margin = { top: 10, right: 10, bottom: 36, left: 44 };

/**
 * Extensions, losses and freezes used per day as grouped bars in SVG, with a legend that names
 * each series in words and a table of the same numbers.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const { ref, width } = useWidth<HTMLElement>(720);
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const top = niceMax(Math.max(0, ...days.flatMap((day) => series.map((s) => day[s.field]))));
  const group = bands(days.length, innerWidth, 0.15);
  const inner = bands(series.length, group.band, 0);
  const labelEvery = labelStep(days.length, innerWidth, DATE_LABEL_PX);
  const title = `Extensions, losses and freezes used per day, ${days.length} days`;

  return (
    <figure className="chart" ref={ref}>
      <ul className="legend" aria-label="Series">
        {series.map((s) => (
          <li key={s.field}>
            <span className={`swatch ${s.className}`} aria-hidden="true" /> {s.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`${title}. The table below has the same numbers.`}
      >
        <g transform={`translate(${margin.left},${margin.top})`}>
          <GridLines top={top} innerWidth={innerWidth} innerHeight={innerHeight} />
          {days.map((day, i) => (
            <g key={day.date} transform={`translate(${group.offset(i)},0)`}>
              {series.map((s, j) => {
                const h = barHeight(day[s.field], top, innerHeight);
                return (
                  <rect
                    key={s.field}
                    className={s.className}
                    x={inner.offset(j)}
                    y={innerHeight - h}
                    width={inner.band}
                    height={h}
                  >
                    <title>{`${day.date}: ${day[s.field]} ${s.label.toLowerCase()}`}</title>
                  </rect>
                );
              })}
              {i % labelEvery === 0 ? (
                <text className="axis" x={group.band / 2} y={innerHeight + 16} textAnchor="middle">
                  {day.date.slice(5)}
                </text>
              ) : null}
            </g>
          ))}
        </g>
      </svg>
      <details>
        <summary>Per day as a table</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col" className="num">
                  Events
                </th>
                {series.map((s) => (
                  <th key={s.field} scope="col" className="num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{day.date}</th>
                  <td className="num">{day.events}</td>
                  {series.map((s) => (
                    <td key={s.field} className="num">
                      {day[s.field]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
