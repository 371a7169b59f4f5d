import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './import-graph.js';

/** The docs stand on their own: every file they name in backticks and every relative link exists. */
describe('the docs', () => {
  const docs = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const doc of docs) {
      const text = readFileSync(join(ROOT, doc), 'utf8');
      for (const [, path] of text.matchAll(/`((?:main|test|renderer|preload|sandbox|scripts|docs|examples)\/[\w./-]+)`/g)) {
        const p = path!.replace(/[/.]+$/, '');
        if (!existsSync(join(ROOT, p)) && !existsSync(join(ROOT, p.replace(/\.js$/, '.ts')))) missing.push(`${doc}: ${p}`);
      }
      for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(link!)) continue;
        if (!existsSync(join(ROOT, normalize(join(dirname(doc), link!))))) missing.push(`${doc}: link ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('point nowhere outside the repository for the protocol, the design or the style', () => {
    const outside = docs.filter((doc) => /\.\.\/shared\/|\/work\/shared/.test(readFileSync(join(ROOT, doc), 'utf8')));
    expect(outside).toEqual([]);
  });
});
