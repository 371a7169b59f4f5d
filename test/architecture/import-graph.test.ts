import { describe, expect, it } from 'vitest';
import { cycles, folderGraph, importGraph } from './import-graph.js';

describe('the import graph of main/, preload/, renderer/ and sandbox/', () => {
  const files = importGraph();

  it('reads the whole tree, type-only imports included', () => {
    expect(files.size).toBeGreaterThan(400);
    // A type-only import is an arrow like any other.
    expect(files.get('main/base/command-result.ts')).toContain('main/base/store-error.ts');
    expect(files.get('main/app/companion.ts')?.size).toBeGreaterThan(5);
  });

  it('has no cycle between files', () => {
    expect(cycles(files)).toEqual([]);
  });

  it('has no cycle between folders, in every tree', () => {
    const folders = folderGraph(files);
    // A tree's root is a folder like any other: its entry files sit above its subfolders.
    for (const folder of ['main/base', 'preload', 'renderer/src', 'renderer/src/views/tables', 'sandbox', 'sandbox/core'])
      expect(folders.has(folder)).toBe(true);
    expect(cycles(folders)).toEqual([]);
  });
});

describe('the cycle finder', () => {
  it('finds a cycle and its members, and none in a chain', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c']]);
    graph.get('c')!.delete('a');
    expect(cycles(graph)).toEqual([]);
  });
});
