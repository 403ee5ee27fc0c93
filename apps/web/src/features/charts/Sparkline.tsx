import { chartColours, sparklineSegments } from './chart-data.ts';

/**
 * A tiny line of a series for cards and lists, drawn as SVG without the chart library. Gaps (null) break the line;
 * the latest reading is a dot. The picture is one image named by `label`, which should say what the line shows.
 */
export function Sparkline({
  values,
  label,
  width = 80,
  height = 24,
}: {
  values: (number | null)[];
  label: string;
  width?: number;
  height?: number;
}) {
  const segments = sparklineSegments(values, width, height);
  const last = segments.at(-1)?.at(-1);
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} className="inline-block shrink-0">
      {segments.map((points) =>
        points.length === 1 ? null : (
          <polyline
            key={points[0]!.join(',')}
            points={points.map(([x, y]) => `${x},${y}`).join(' ')}
            fill="none"
            stroke={chartColours.lines[0]}
            strokeWidth={1.5}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ),
      )}
      {segments
        .filter((points) => points.length === 1)
        .map(([point]) => (
          <circle key={point!.join(',')} cx={point![0]} cy={point![1]} r={1.5} fill={chartColours.lines[0]} />
        ))}
      {last && <circle cx={last[0]} cy={last[1]} r={2.5} fill={chartColours.lines[0]} />}
    </svg>
  );
}
