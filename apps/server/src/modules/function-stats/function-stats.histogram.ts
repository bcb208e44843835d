/**
 * The latency buckets every process counts calls into (upper bounds in milliseconds; one more bucket
 * holds slower calls). The same bounds serve the database's per-minute histograms and /metrics.
 */
export const LATENCY_BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;
export const HISTOGRAM_SIZE = LATENCY_BUCKETS_MS.length + 1;

export const emptyHistogram = () => new Array<number>(HISTOGRAM_SIZE).fill(0);

/** The index of the bucket a duration falls in. */
export function bucketOf(ms: number): number {
  for (let i = 0; i < LATENCY_BUCKETS_MS.length; i++) if (ms <= LATENCY_BUCKETS_MS[i]!) return i;
  return LATENCY_BUCKETS_MS.length;
}

/**
 * The p-quantile (0–1) of a histogram, interpolated linearly inside its bucket as Prometheus's
 * histogram_quantile does; calls slower than the last bound count as that bound. Null when empty.
 */
export function quantile(histogram: readonly number[], p: number): number | null {
  const total = histogram.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = p * total;
  let before = 0;
  for (let i = 0; i < histogram.length; i++) {
    const count = histogram[i] ?? 0;
    if (count > 0 && before + count >= rank) {
      if (i >= LATENCY_BUCKETS_MS.length) return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
      const lower = i === 0 ? 0 : LATENCY_BUCKETS_MS[i - 1]!;
      const upper = LATENCY_BUCKETS_MS[i]!;
      return Math.round((lower + ((upper - lower) * (rank - before)) / count) * 10) / 10;
    }
    before += count;
  }
  return LATENCY_BUCKETS_MS[LATENCY_BUCKETS_MS.length - 1]!;
}

/** Adds b into a, bucket by bucket. */
export function addInto(a: number[], b: readonly number[]) {
  for (let i = 0; i < HISTOGRAM_SIZE; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
}
