import { useId } from 'react';
import { sparklinePoints } from '../utils/sparkline';

/**
 * Daily views as a small line with a soft fill (inline SVG). The drawing is hidden from screen
 * readers; `summary` is what they read instead.
 */
export function Sparkline({ values, summary, className }: { values: readonly number[]; summary: string; className?: string }) {
  const gradientId = useId();
  const width = 300;
  const height = 64;
  const points = sparklinePoints(values, width, height, 3);
  const line = points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const last = points[points.length - 1];
  const first = points[0];
  return (
    <figure className={className} data-testid="sparkline">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false" className="h-16 w-full overflow-visible">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--accent)" stopOpacity="0.25" />
            <stop offset="100%" stopColor="var(--accent)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {first && last ? <polygon points={`${first.x},${height} ${line} ${last.x},${height}`} fill={`url(#${gradientId})`} /> : null}
        <polyline
          points={line}
          fill="none"
          stroke="var(--accent)"
          strokeWidth="2"
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
        {last ? <circle cx={last.x} cy={last.y} r="3" fill="var(--accent)" /> : null}
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
    </figure>
  );
}
