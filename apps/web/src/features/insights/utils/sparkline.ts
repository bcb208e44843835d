/** The polyline points of a sparkline for `values` in a `width` × `height` box (a flat line at the bottom when all are 0). */
export function sparklinePoints(values: readonly number[], width: number, height: number, pad = 2): { x: number; y: number }[] {
  if (values.length === 0) return [];
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? (width - pad * 2) / (values.length - 1) : 0;
  return values.map((v, i) => ({
    x: pad + i * step,
    y: max > 0 ? height - pad - (v / max) * (height - pad * 2) : height - pad,
  }));
}

/** The busiest day of a series (the first of equals), or null when nothing was viewed. */
export function peakDay<T extends { day: string; views: number }>(series: readonly T[]): T | null {
  let best: T | null = null;
  for (const point of series) if (point.views > 0 && (!best || point.views > best.views)) best = point;
  return best;
}
