import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

/** How a change arrived belongs to git and docs/decisions; a comment says why the code is so. */
const HISTORY = [/\bissues? #?\d+/i, /\b(ui-safety|ui-tables|ui-actions|ui-a11y|ui-i18n|orders-ui|orders-sandbox|menu-orders)\b/];
const SOURCE = /\.(ts|tsx|mts|cts|mjs|cjs|css|html)$/;
/** A comment, or the comment part of a line of code. */
const COMMENT = /^\s*(\/\/|\*|\/\*)|\s\/\/\s|\/\*/;

/** A file of the repository named in a comment, e.g. main/base/clock.ts. */
const NAMED_FILE = /(?<![\w/.])(?:main|preload|renderer|sandbox|docs|scripts)\/[\w./-]+\.(?:tsx?|md|mjs|json)\b/g;

const sourceFiles = () =>
  execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => SOURCE.test(f));

describe('source comments', () => {
  it('name only files that exist, so a move cannot leave a comment pointing nowhere', () => {
    const missing: string[] = [];
    for (const file of sourceFiles().filter((f) => !f.startsWith('test/'))) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (!COMMENT.test(line)) return;
          for (const [path] of line.matchAll(NAMED_FILE)) if (!existsSync(join(ROOT, path))) missing.push(`${file}:${i + 1}: ${path}`);
        });
    }
    expect(missing).toEqual([]);
  });

  it('name no issue numbers and no branch names', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (COMMENT.test(line) && HISTORY.some((p) => p.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
