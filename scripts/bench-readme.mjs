// `npm run bench:readme`: from bench/results.json, writes test/bench/RESULTS.md (one short row per
// figure: what, value, floor, ratio, target, met), docs/benchmarks.md (how the benches work, then
// every figure with its full text and checked work, between <!-- bench:start --> and
// <!-- bench:end -->) and the README's three headline ratios (between <!-- bench-headline:start -->
// and <!-- bench-headline:end -->), so the text and the figures cannot drift. Refuses results of a
// --quick run (reduced counts: a check of the benches, not figures to publish).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

/** Where the page goes, relative to the repository's root. */
export const PAGE = 'docs/benchmarks.md';
/** The short results file beside the benches. */
export const RESULTS = 'test/bench/RESULTS.md';
export const HEADLINE_START = '<!-- bench-headline:start -->';
export const HEADLINE_END = '<!-- bench-headline:end -->';

/**
 * The README's three headline ratios: which figure, and how its sentence reads. Each is a ratio to
 * a floor measured in the same run, so it holds on any machine the run is made on.
 */
export const HEADLINES = [
  {
    file: 'ws-table-contents.bench.ts',
    metric: 'uncached p99',
    text: (f, ratio) =>
      `**${ratio}** the bare WebSocket echo's p99 for a guest's scan (\`getTableContents\`, first scan after the bill changed, 1,000 tables): ${formatNumber(f.value)} ${f.unit} against ${formatNumber(f.baseline.value)} ${f.baseline.unit}`,
  },
  {
    file: 'guest-payments.bench.ts',
    bench: "CPU per guest payment, 32 guests at once, the cashier's screen attached",
    text: (f, ratio) =>
      `**${ratio}** the CPU per payment with the cashier's screen attached, against the same screen hidden (32 guests paying at once): ${formatNumber(f.value)} ${f.unit} against ${formatNumber(f.baseline.value)} ${f.baseline.unit}`,
  },
  {
    file: 'year-of-service.bench.ts',
    metric: 'Tables grid p99',
    text: (f, ratio) =>
      `**${ratio}** a bare read of the same rows for the Tables grid's p99 (1,000 tables, a year of history): ${formatNumber(f.value)} ${f.unit} against ${formatNumber(f.baseline.value)} ${f.baseline.unit}`,
  },
];

/** Numbers as the page writes them: no more digits than the machine's noise allows. */
export function formatNumber(n) {
  const abs = Math.abs(n);
  if (abs >= 1000) return Math.round(n).toLocaleString('en');
  if (abs >= 100) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/** The page's order: the figures the issues name first; benches not listed follow by file name. */
export const ORDER = [
  'ws-table-contents.bench.ts',
  'guest-payments.bench.ts',
  'direct-rush-scan.bench.ts',
  'year-of-service.bench.ts',
  'idle.bench.ts',
  'longpoll-round-trip.bench.ts',
  'headless-memory.bench.ts',
  'store-table-contents.bench.ts',
  'reconnect.bench.ts',
  'webhook-verify.bench.ts',
  'renderer-latency.bench.ts',
  'renderer-burst.bench.ts',
  'renderer-shift.bench.ts',
];

const rank = (file) => (ORDER.includes(file) ? ORDER.indexOf(file) : ORDER.length);

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

function measured(f) {
  if (f.status === 'failed' || f.value === null) return `**FAILED** (${f.failure ?? 'no value'})`;
  return `${f.metric}: ${formatNumber(f.value)} ${f.unit}`.trim();
}

function verdict(f) {
  if (f.status === 'failed') return `${f.target ?? 'information'}: **failed**`;
  if (f.status === 'info') return 'information';
  return `${f.target}: **${f.status}**`;
}

function checkedText(checked) {
  return Object.entries(checked ?? {})
    .map(([k, v]) => `${k} ${typeof v === 'number' ? v.toLocaleString('en') : String(v)}`)
    .join(', ');
}

/** The Markdown the page holds between the markers, from the parsed bench/results.json. */
export function renderFigures(results) {
  const runs = Object.values(results.runs ?? {});
  if (runs.length === 0 || !Array.isArray(results.figures)) throw new Error('bench/results.json holds no runs');
  if (runs.some((r) => r.quick)) throw new Error('bench/results.json holds a --quick run: run `npm run bench` in full first');
  const dates = runs.map((r) => r.at.slice(0, 10)).sort();
  const when = dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
  const lines = [
    `\`npm run bench\` on ${when} (Node ${String(results.node).replace(/^v/, '')}, ${results.cores} cores). Every figure counts only work the bench checked`,
    '(the last column); a figure whose work fell short is a failure, not a number. Baselines are measured in the same run.',
    '',
    '| what | measured | baseline (same run) | target | checked |',
    '|---|---|---|---|---|',
  ];
  // A stable sort: each bench's figures keep the order the bench gave them.
  const sorted = [...results.figures].sort((a, b) => rank(a.file) - rank(b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const f of sorted) {
    const what = f.what ? `${f.bench}: ${f.what}` : f.bench;
    const baseline = f.baseline ? `${f.baseline.metric}: ${formatNumber(f.baseline.value)} ${f.baseline.unit}` : '';
    lines.push(`| ${[what, measured(f), baseline, verdict(f), checkedText(f.checked)].map(cell).join(' | ')} |`);
  }
  return lines.join('\n');
}

/** value ÷ floor, when the figure has a floor to divide by. */
function ratioOf(f) {
  if (f.value === null || !f.baseline || !(f.baseline.value > 0)) return null;
  return f.value / f.baseline.value;
}

const ratioText = (r) => (r === null ? '' : `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}x`);

/** Short words for a figure: its bench and metric, the parenthesised detail left to docs/benchmarks.md. */
const shortWhat = (f) => `${f.bench}: ${f.metric.replace(/\s*\(.*\)\s*$/, '')}`;

function metText(f) {
  if (f.status === 'failed') return `**failed** (${f.failure ?? 'no value'})`;
  if (f.status === 'info') return 'information';
  return f.status === 'met' ? 'met' : '**missed**';
}

function sortedFigures(results) {
  // A stable sort: each bench's figures keep the order the bench gave them.
  return [...results.figures].sort((a, b) => rank(a.file) - rank(b.file) || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

function checkRuns(results) {
  const runs = Object.values(results.runs ?? {});
  if (runs.length === 0 || !Array.isArray(results.figures)) throw new Error('bench/results.json holds no runs');
  if (runs.some((r) => r.quick)) throw new Error('bench/results.json holds a --quick run: run `npm run bench` in full first');
  const dates = runs.map((r) => r.at.slice(0, 10)).sort();
  return dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
}

/** test/bench/RESULTS.md: one short row per figure (what, value, floor, ratio, target, met). */
export function renderResults(results) {
  const when = checkRuns(results);
  const lines = [
    '# Bench results',
    '',
    '<!-- Generated by `npm run bench:readme` from bench/results.json: edit scripts/bench-readme.mjs, not this file. -->',
    '',
    `\`npm run bench\` on ${when} (Node ${String(results.node).replace(/^v/, '')}, ${results.cores} cores). Every target is a ratio to a floor`,
    "measured in the same run (or a budget that is not this machine's: a frame at 60 Hz, memory); a figure whose checked work fell",
    'short is failed, not a number. How each is measured, and the work it checked: [docs/benchmarks.md](../../docs/benchmarks.md);',
    'why these floors: [decision 023](../../docs/decisions/023-ratio-targets.md).',
    '',
    '| what | value | floor | ratio | target | met |',
    '|---|---|---|---|---|---|',
  ];
  for (const f of sortedFigures(results)) {
    const value = f.value === null ? '' : `${formatNumber(f.value)} ${f.unit}`.trim();
    const floor = f.baseline ? `${formatNumber(f.baseline.value)} ${f.baseline.unit} (${f.baseline.metric})` : '';
    lines.push(`| ${[shortWhat(f), value, floor, ratioText(ratioOf(f)), f.target ?? '', metText(f)].map(cell).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** The README's headline lines (HEADLINES), each from its figure; a figure missing or failed says so. */
export function renderHeadline(results) {
  checkRuns(results);
  const lines = HEADLINES.map((h) => {
    const f = results.figures.find((x) => x.file === h.file && (h.metric ? x.metric.startsWith(h.metric) : x.bench === h.bench));
    const ratio = f ? ratioOf(f) : null;
    if (!f || ratio === null) return `- (${h.file}: no figure in this run)`;
    return `- ${h.text(f, `${ratioText(ratio)}`)} (${f.target ?? 'information'}: ${f.status}).`;
  });
  return [
    `From \`npm run bench\` on a ${results.cores}-core machine, each beside a floor measured in the same run ([every figure](${RESULTS})):`,
    '',
    ...lines,
  ].join('\n');
}

/** `text` with what stands between `start` and `end` replaced by `inner`; throws when the markers are missing. */
function replaceBetween(text, start, end, inner, what) {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${what} has no ${start} … ${end} block`);
  // Blank lines around the block, as Prettier formats Markdown.
  return `${text.slice(0, a + start.length)}\n\n${inner}\n\n${text.slice(b)}`;
}

/** How the benches work: the page's text above the table (edit it here, the page is generated). */
export const INTRO = `# Benchmarks

<!-- Generated by \`npm run bench:readme\` from bench/results.json: edit scripts/bench-readme.mjs, not this file. -->

\`npm run bench\` runs every benchmark and writes \`bench/results.json\` (\`npm run bench -- --help\`: one
bench by name, \`--quick\` for reduced counts, which this page refuses); \`npm run bench:readme\` writes
this page from it. The benches live in \`test/bench/\` (see its README).

How the benches work:

- **As deployed.** The companion runs as the built headless host (the one-file bundle) in its own
  process, used once it prints \`{"connected":true}\`. The sandbox and its guests run in the bench's
  process.
- **Only checked work counts.** Every figure carries the work it checked (the last column: scans
  answered with the right bill, payments the store holds as PAID read back from its file, ...); a
  figure whose work fell short fails and has no number.
- **Baselines in the same run.** A bare \`ws\` echo in its own process carries the same bytes each
  way; the store baseline runs the store's own statements on a bare connection; payment rushes are
  compared with raw one-row durable commits and raw commits of their own batch size, taking turns
  with them, and their fsyncs are counted from outside (an \`LD_PRELOAD\` shim,
  \`test/bench/native/fsync-counter.c\`).
- **Warm-ups are not counted.** Scan latencies follow an uncounted warm-up of the same work; each
  figure gives the warm-up's p99s beside it. Every counted scan is the first after its bill changed.
- **Scans during a rush** go through the sandbox, each followed by the same scan of a bare echo POS
  on the same sandbox: what a busy sandbox leaves of the target for any POS. They are timed with 32
  guests paying as fast as they can, again paced at 300 payments/s (the tail below saturation), and
  once with no sandbox at all (\`direct-rush-scan\`: the bench drives the host's WebSocket itself).
  On a 2-CPU machine a rush that keeps both CPUs busy leaves any POS a p99 of several milliseconds,
  whoever plays the service.
`;

/** The whole page: the intro, then \`figures\` between the markers. */
export function renderPage(figures) {
  return `${INTRO}\n${START}\n${figures}\n${END}\n`;
}

/**
 * Reads \`<root>/bench/results.json\` and writes \`<root>/docs/benchmarks.md\`, \`<root>/test/bench/RESULTS.md\`
 * and, when \`<root>/README.md\` is there, its headline block; answers the figure count. Nothing is
 * written when any of them cannot be made.
 */
export function writeBenchmarksPage(root) {
  const results = JSON.parse(readFileSync(join(root, 'bench/results.json'), 'utf8'));
  const page = renderPage(renderFigures(results));
  const short = renderResults(results);
  const readmeFile = join(root, 'README.md');
  const readme = existsSync(readmeFile)
    ? replaceBetween(readFileSync(readmeFile, 'utf8'), HEADLINE_START, HEADLINE_END, renderHeadline(results), 'README.md')
    : null;
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(join(root, PAGE), page);
  mkdirSync(join(root, 'test/bench'), { recursive: true });
  writeFileSync(join(root, RESULTS), short);
  if (readme !== null) writeFileSync(readmeFile, readme);
  return results.figures.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    console.log(`${RESULTS}, ${PAGE} and the README's headline: ${writeBenchmarksPage(root)} figures written`);
  } catch (e) {
    console.error(`bench:readme: ${e.message}`);
    process.exitCode = 1;
  }
}
