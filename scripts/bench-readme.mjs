// `npm run bench:readme`: regenerates the README's Figures table (between <!-- bench:start --> and
// <!-- bench:end -->) from bench/results.json, so the text and the figures cannot drift. Refuses
// results of a --quick run (reduced counts: a check of the benches, not figures to publish).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const START = '<!-- bench:start -->';
export const END = '<!-- bench:end -->';

/** Numbers as the README writes them: no more digits than the machine's noise allows. */
export function formatNumber(n) {
  const abs = Math.abs(n);
  if (abs >= 1000) return Math.round(n).toLocaleString('en');
  if (abs >= 100) return n.toFixed(0);
  if (abs >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

/** The README's order: the figures the issues name first; benches not listed follow by file name. */
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

/** The Markdown the README holds between the markers, from the parsed bench/results.json. */
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

/** `readme` with the text between the markers replaced by `figures`. */
export function replaceBetweenMarkers(readme, figures) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} ... ${END} markers`);
  return `${readme.slice(0, start + START.length)}\n${figures}\n${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  try {
    const results = JSON.parse(readFileSync(`${root}bench/results.json`, 'utf8'));
    const readme = readFileSync(`${root}README.md`, 'utf8');
    writeFileSync(`${root}README.md`, replaceBetweenMarkers(readme, renderFigures(results)));
    console.log(`README.md: ${results.figures.length} figures written`);
  } catch (e) {
    console.error(`bench:readme: ${e.message}`);
    process.exitCode = 1;
  }
}
