/**
 * What a benchmark returns, and the small helpers they share. A figure counts only when the bench
 * checked that the work was done: every figure carries `checked` (the work it verified) and
 * `expected` (the work it planned); the runner turns a figure whose checked work falls short of
 * the plan into a failure, never a number.
 */

/** Counts and flags a bench verified, e.g. { scans: 500, scansOk: 500, billsRead: 10000 }. */
export type Checked = Record<string, number | boolean>;

export interface BenchFigure {
  /** The bench's name, e.g. "getTableContents over WebSocket". */
  bench: string;
  /** What this one number is, e.g. "p99, uncached (first scan after the bill changed)". */
  metric: string;
  /** Plain words: what was measured and how (the docs/benchmarks.md row says this). */
  what: string;
  value: number;
  unit: string;
  baseline?: { metric: string; value: number; unit: string };
  /** Human statement of the target, e.g. "p50 <= 3x echo p50"; null for a figure given for information. */
  target: string | null;
  /** Whether the target was met (null for information). */
  met: boolean | null;
  /** The work the bench verified. */
  checked: Checked;
  /** The work it planned: each key must be equal in `checked`, or the figure fails. */
  expected: Checked;
}

/** A figure as the runner records it. */
export interface RecordedFigure extends Omit<BenchFigure, 'value'> {
  /** null when the checked work fell short: a failed figure is never a number. */
  value: number | null;
  status: 'met' | 'missed' | 'info' | 'failed';
  /** Why it failed: the shortfalls of checked work, or the error the bench threw. */
  failure?: string;
}

export interface BenchOptions {
  /** Reduced counts and windows: checks the benches and their checked logic, not figures to publish. */
  quick: boolean;
}

export type Bench = (options: BenchOptions) => Promise<BenchFigure[]>;

/** The shortfalls of checked work against the plan (empty when all was done). */
export function shortfalls(checked: Checked | undefined, expected: Checked | undefined): string[] {
  if (!checked || Object.keys(checked).length === 0) return ['no checked work'];
  const out: string[] = [];
  for (const [key, want] of Object.entries(expected ?? {})) {
    const got = checked[key];
    if (got !== want) out.push(`${key}: ${String(got)} of ${String(want)}`);
  }
  return out;
}

/** The runner's verdict on one figure. */
export function record(figure: BenchFigure): RecordedFigure {
  const short = shortfalls(figure.checked, figure.expected);
  if (short.length > 0) return { ...figure, value: null, status: 'failed', failure: short.join('; ') };
  if (!Number.isFinite(figure.value)) return { ...figure, value: null, status: 'failed', failure: 'no value measured' };
  if (figure.target === null) return { ...figure, status: 'info' };
  return { ...figure, status: figure.met ? 'met' : 'missed' };
}

/**
 * The run's exit code: 1 when a figure failed (the work it planned was not all checked, or the
 * bench threw), and in a full run also when one missed its target. A quick run (CI, a busy box,
 * reduced counts) reports its ratios as information: the work it checks is what it guards.
 */
export function exitCode(figures: readonly Pick<RecordedFigure, 'status'>[], quick: boolean): 0 | 1 {
  return figures.some((f) => f.status === 'failed' || (!quick && f.status === 'missed')) ? 1 : 0;
}

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

export const median = (values: number[]): number => summarize(values).p50;

/** Resolves on the next turn of the event loop (lets socket I/O run between tries). */
export const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));
