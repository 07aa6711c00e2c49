import { bands, barHeight, labelStep, niceMax } from '../../lib/scale';
import { GridLines } from './GridLines';
import { useWidth } from './use-width';

export interface Bar {
  label: string;
  value: number;
}

interface Props {
  title: string;
  description: string;
  bars: readonly Bar[];
  /** What the values count, for the axis and the table: "users". */
  unit: string;
  /** The heading of the table's label column (default "Length") */
  labelHeading?: string;
}

const height = 220;
/** room for one bucket label ("10–14" at 12 px) and a gap */
const LABEL_PX = 44;
const margin = { top: 10, right: 10, bottom: 40, left: 44 };

/** A single-series bar chart in SVG, with the same numbers in a table for screen readers. */
export function BarChart({ title, description, bars, unit, labelHeading = 'Length' }: Props) {
  const { ref, width } = useWidth<HTMLElement>(600);
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const top = niceMax(Math.max(0, ...bars.map((bar) => bar.value)));
  const { band, offset } = bands(bars.length, innerWidth, 0.25);
  const labelEvery = labelStep(bars.length, innerWidth, LABEL_PX);

  return (
    <figure className="chart" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`${title}. ${description}`}
      >
        <g transform={`translate(${margin.left},${margin.top})`}>
          <GridLines top={top} innerWidth={innerWidth} innerHeight={innerHeight} />
          {bars.map((bar, i) => {
            const h = barHeight(bar.value, top, innerHeight);
            return (
              <g key={bar.label}>
                <rect className="bar" x={offset(i)} y={innerHeight - h} width={band} height={h}>
                  <title>{`${bar.label}: ${bar.value} ${unit}`}</title>
                </rect>
                {i % labelEvery === 0 ? (
                  <text className="axis" x={offset(i) + band / 2} y={innerHeight + 16} textAnchor="middle">
                    {bar.label}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <figcaption>{description}</figcaption>
      <details>
        <summary>{title} as a table</summary>
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col" className="num">
                  {unit[0]?.toUpperCase() + unit.slice(1)}
                </th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td className="num">{bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
