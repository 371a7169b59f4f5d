import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './helpers/import-graph.js';

const sandboxDir = join(import.meta.dirname, '../../sandbox');

describe('sandbox/ import graph', () => {
  it('has no import cycle (type-only imports included)', () => {
    const graph = importGraph(sandboxDir);
    // The walk reads the real files: the wiring module reaches the core and the HTTP server.
    expect(graph.get('sandbox.ts')).toEqual(expect.arrayContaining(['core/core.ts', 'http/server.ts', 'routes/index.ts']));
    expect(graph.size).toBeGreaterThan(30);
    expect(importCycles(graph)).toEqual([]);
  });

  it('the core and the guest simulator do not reach the HTTP layer (their errors are mapped in http/server.ts)', () => {
    const graph = importGraph(sandboxDir);
    const reach = new Set<string>();
    const walk = (f: string): void => {
      for (const t of graph.get(f) ?? []) {
        if (reach.has(t)) continue;
        reach.add(t);
        walk(t);
      }
    };
    walk('core/core.ts');
    walk('guest/guest-flow.ts');
    expect(reach).toContain('core/errors.ts');
    expect([...reach].filter((f) => f.startsWith('http/') || f.startsWith('routes/'))).toEqual([]);
  });
});

describe('the cycle finder', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds a cycle made of a type-only import, a re-export and a folder index', () => {
    dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
    mkdirSync(join(dir, 'http'));
    writeFileSync(join(dir, 'core.ts'), "import { reply } from './http/index.js';\nexport const core = reply;\n");
    writeFileSync(join(dir, 'http/index.ts'), "export { reply } from './replies.js';\n");
    writeFileSync(join(dir, 'http/replies.ts'), "import type { core } from '../core.js';\nexport const reply = 1 as unknown as typeof core;\n");
    writeFileSync(join(dir, 'leaf.ts'), "import { z } from 'zod';\nimport { core } from './core.js';\nexport const leaf = [z, core];\n");
    writeFileSync(join(dir, 'leaf.test.ts'), "import { leaf } from './leaf.js';\nimport { x } from './leaf.test.js';\nexport const x = leaf;\n");

    const graph = importGraph(dir);
    expect(graph.get('leaf.ts')).toEqual(['core.ts']);
    expect(graph.has('leaf.test.ts')).toBe(false);
    expect(importCycles(graph)).toEqual([['core.ts', 'http/index.ts', 'http/replies.ts']]);
  });

  it('finds a file that imports itself', () => {
    dir = mkdtempSync(join(tmpdir(), 'import-graph-'));
    writeFileSync(join(dir, 'self.ts'), "export const a = 1;\nexport { a as b } from './self.js';\n");
    expect(importCycles(importGraph(dir))).toEqual([['self.ts']]);
  });
});
