/** One figure a benchmark prints, beside the baseline measured in the same run. */
export interface BenchFigure {
  bench: string;
  metric: string;
  value: number;
  unit: string;
  baseline?: { metric: string; value: number; unit: string };
  /** Human statement of the target, e.g. "p50 <= 1.5x echo p50". */
  target: string;
  pass: boolean;
}

export type Bench = () => Promise<BenchFigure[]>;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samples: number[]): { p50: number; p95: number; p99: number; mean: number; n: number } {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), mean, n: s.length };
}
