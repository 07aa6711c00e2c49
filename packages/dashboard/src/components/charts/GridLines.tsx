import { barHeight, ticks } from '../../lib/scale';

/** The horizontal grid lines of a bar chart with their values on the left axis. */
export function GridLines({ top, innerWidth, innerHeight }: { top: number; innerWidth: number; innerHeight: number }) {
  return (
    <>
      {ticks(top).map((tick) => {
        const y = innerHeight - barHeight(tick, top, innerHeight);
        return (
          <g key={tick}>
            <line className="grid" x1={0} x2={innerWidth} y1={y} y2={y} />
            <text className="axis" x={-6} y={y} dy="0.32em" textAnchor="end">
              {tick.toLocaleString()}
            </text>
          </g>
        );
      })}
    </>
  );
}
