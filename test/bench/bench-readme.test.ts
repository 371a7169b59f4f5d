import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { END, formatNumber, HEADLINE_END, HEADLINE_START, INTRO, PAGE, RESULTS, renderFigures, renderHeadline, renderResults, START, writeBenchmarksPage } from '../../scripts/bench-readme.mjs';

/** A results.json as run.ts writes it: one met, one missed, one information, one failed figure. */
const results = {
  node: 'v20.20.2',
  cores: 2,
  runs: { 'a.bench.ts': { at: '2026-11-22T21:00:00.000Z', quick: false }, 'b.bench.ts': { at: '2026-11-22T21:05:00.000Z', quick: false } },
  figures: [
    {
      file: 'a.bench.ts', bench: 'getTableContents over WebSocket', metric: 'uncached p99', what: 'first scan after the bill changed',
      value: 0.8123, unit: 'ms', baseline: { metric: 'echo p99', value: 0.31, unit: 'ms' }, target: 'p99 < 1 ms', met: true,
      checked: { scans: 3000, scansOk: 3000 }, expected: { scans: 3000, scansOk: 3000 }, status: 'met',
    },
    {
      file: 'a.bench.ts', bench: 'payments', metric: 'payments/s', what: 'counted when PAID in the store',
      value: 1234.5, unit: '/s', baseline: { metric: 'raw commits', value: 4012, unit: '/s' }, target: '>= 50% of raw', met: false,
      checked: { paymentsPaidInStore: 480 }, expected: { paymentsPaidInStore: 480 }, status: 'missed',
    },
    {
      file: 'b.bench.ts', bench: 'idle | ws', metric: 'wake-ups', what: '', value: 5.6, unit: '/s',
      target: null, met: null, checked: { answeredAfter: true }, expected: {}, status: 'info',
    },
    {
      file: 'b.bench.ts', bench: 'memory', metric: 'RSS', what: 'after 500 scans', value: null, unit: 'MB', target: '< 150 MB', met: true,
      checked: { scans: 500, scansOk: 0 }, expected: { scansOk: 500 }, status: 'failed', failure: 'scansOk: 0 of 500',
    },
  ],
};

describe('bench:readme renders bench/results.json', () => {
  it('writes one row per figure: what it measures, the number or FAILED, the baseline, the verdict, the checked work', () => {
    expect(renderFigures(results).split('\n')).toEqual([
      '`npm run bench` on 2026-11-22 (Node 20.20.2, 2 cores). Every figure counts only work the bench checked',
      '(the last column); a figure whose work fell short is a failure, not a number. Baselines are measured in the same run.',
      '',
      '| what | measured | baseline (same run) | target | checked |',
      '|---|---|---|---|---|',
      '| getTableContents over WebSocket: first scan after the bill changed | uncached p99: 0.81 ms | echo p99: 0.31 ms | p99 < 1 ms: **met** | scans 3,000, scansOk 3,000 |',
      '| payments: counted when PAID in the store | payments/s: 1,235 /s | raw commits: 4,012 /s | >= 50% of raw: **missed** | paymentsPaidInStore 480 |',
      '| idle \\| ws | wake-ups: 5.60 /s |  | information | answeredAfter true |',
      '| memory: after 500 scans | **FAILED** (scansOk: 0 of 500) |  | < 150 MB: **failed** | scans 500, scansOk 0 |',
    ]);
  });

  it('puts the benches in the page order (the figures the issues name first), each bench keeping its own order', () => {
    const fig = (file: string, metric: string) => ({ ...results.figures[0]!, file, metric, what: '' });
    const rows = renderFigures({ ...results, figures: [fig('zz.bench.ts', 'z'), fig('idle.bench.ts', 'i1'), fig('ws-table-contents.bench.ts', 'w'), fig('idle.bench.ts', 'i2')] })
      .split('\n')
      .slice(5)
      .map((row) => row.split(' | ')[1]!.split(':')[0]);
    expect(rows).toEqual(['w', 'i1', 'i2', 'z']);
  });

  it('refuses the results of a --quick run, and results without runs', () => {
    const quick = { ...results, runs: { ...results.runs, 'a.bench.ts': { at: '2026-11-22T21:00:00.000Z', quick: true } } };
    expect(() => renderFigures(quick)).toThrow(/--quick/);
    expect(() => renderFigures({ figures: [] })).toThrow(/no runs/);
  });

  it('writes docs/benchmarks.md from bench/results.json: how the benches work, then the table between the markers', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-page-'));
    try {
      mkdirSync(join(root, 'bench'));
      writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results));
      expect(writeBenchmarksPage(root)).toBe(4);
      const page = readFileSync(join(root, PAGE), 'utf8');
      expect(PAGE).toBe('docs/benchmarks.md');
      expect(page.startsWith(INTRO)).toBe(true);
      expect(INTRO).toMatch(/^# Benchmarks\n/);
      expect(page.slice(page.indexOf(START) + START.length, page.indexOf(END))).toBe(`\n${renderFigures(results)}\n`);
      expect(page.endsWith(`${END}\n`)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('writes no page from the results of a --quick run', () => {
    const root = mkdtempSync(join(tmpdir(), 'bench-page-'));
    try {
      mkdirSync(join(root, 'bench'));
      writeFileSync(join(root, 'bench/results.json'), JSON.stringify({ ...results, runs: { 'a.bench.ts': { at: '2026-11-22T21:00:00.000Z', quick: true } } }));
      expect(() => writeBenchmarksPage(root)).toThrow(/--quick/);
      expect(() => readFileSync(join(root, PAGE))).toThrow(/ENOENT/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('writes one short row per figure to the results file: what, value, floor, ratio, target, met', () => {
    const rows = renderResults(results).split('\n');
    expect(rows.slice(rows.indexOf('| what | value | floor | ratio | target | met |'), -1)).toEqual([
      '| what | value | floor | ratio | target | met |',
      '|---|---|---|---|---|---|',
      '| getTableContents over WebSocket: uncached p99 | 0.81 ms | 0.31 ms (echo p99) | 2.62x | p99 < 1 ms | met |',
      '| payments: payments/s | 1,235 /s | 4,012 /s (raw commits) | 0.31x | >= 50% of raw | **missed** |',
      '| idle \\| ws: wake-ups | 5.60 /s |  |  |  | information |',
      '| memory: RSS |  |  |  | < 150 MB | **failed** (scansOk: 0 of 500) |',
    ]);
    expect(() => renderResults({ ...results, runs: { 'a.bench.ts': { at: '2026-11-22T21:00:00.000Z', quick: true } } })).toThrow(/--quick/);
  });

  it("puts the three headline ratios in the README's block, and leaves the rest of the README as it was", () => {
    const headline = (file: string, bench: string, metric: string, value: number, floor: number) => ({
      ...results.figures[0]!, file, bench, metric, value, baseline: { metric: 'floor', value: floor, unit: 'ms' }, target: 'ratio', status: 'met',
    });
    const withHeadlines = {
      ...results,
      figures: [
        headline('ws-table-contents.bench.ts', 'getTableContents over WebSocket', 'uncached p99', 0.5, 0.4),
        headline('guest-payments.bench.ts', "CPU per guest payment, 32 guests at once, the cashier's screen attached", 'companion process (1.10x hidden)', 0.66, 0.6),
        headline('year-of-service.bench.ts', 'a year', 'Tables grid p99 (p50 20 ms)', 30, 20),
      ],
    };
    const lines = renderHeadline(withHeadlines).split('\n');
    expect(lines.slice(2).map((l) => /\*\*([\d.]+x)\*\*/.exec(l)?.[1])).toEqual(['1.25x', '1.10x', '1.50x']);
    expect(lines[0]).toContain(RESULTS);
    // A run without one of them says so instead of a number.
    expect(renderHeadline(results)).toContain('(ws-table-contents.bench.ts: no figure in this run)');

    const root = mkdtempSync(join(tmpdir(), 'bench-page-'));
    try {
      mkdirSync(join(root, 'bench'));
      writeFileSync(join(root, 'bench/results.json'), JSON.stringify(withHeadlines));
      writeFileSync(join(root, 'README.md'), `# App\n\n## Figures\n\n${HEADLINE_START}\nold\n${HEADLINE_END}\n\nMore.\n`);
      writeBenchmarksPage(root);
      expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe(`# App\n\n## Figures\n\n${HEADLINE_START}\n\n${renderHeadline(withHeadlines)}\n\n${HEADLINE_END}\n\nMore.\n`);
      expect(readFileSync(join(root, RESULTS), 'utf8')).toBe(renderResults(withHeadlines));
      // A README without the block is an error, and then nothing is written at all.
      writeFileSync(join(root, 'README.md'), '# App\n');
      rmSync(join(root, RESULTS));
      expect(() => writeBenchmarksPage(root)).toThrow(/bench-headline/);
      expect(() => readFileSync(join(root, RESULTS))).toThrow(/ENOENT/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('rounds to the digits a figure can carry', () => {
    expect([formatNumber(0.04567), formatNumber(12.34), formatNumber(123.4), formatNumber(40123.4)]).toEqual(['0.05', '12.3', '123', '40,123']);
  });
});
