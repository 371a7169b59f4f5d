import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The source trees whose imports form the app (tests and generated files aside). */
const TREES = ['main', 'preload', 'renderer/src', 'sandbox'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|mts|cts)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(c|m)?js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, join(stem, 'index.ts'), join(stem, 'index.tsx')];
  for (const c of candidates) {
    try {
      if (statSync(c).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every relative import of every source file, type-only and dynamic ones included: file -> files. */
export function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const tree of TREES) {
    for (const file of sourceFiles(join(ROOT, tree))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = new Set<string>();
      for (const ref of info.importedFiles) {
        if (!ref.fileName.startsWith('.')) continue;
        const target = resolveImport(file, ref.fileName);
        if (target && /\.(ts|tsx|mts|cts)$/.test(target)) targets.add(relative(ROOT, target));
      }
      graph.set(relative(ROOT, file), targets);
    }
  }
  return graph;
}

/** The same graph between folders (a file's folder is its directory); a folder's own imports dropped. */
export function folderGraph(files: Map<string, Set<string>>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, targets] of files) {
    const from = dirname(file);
    const set = graph.get(from) ?? new Set<string>();
    graph.set(from, set);
    for (const t of targets) if (dirname(t) !== from) set.add(dirname(t));
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan): each is a cycle. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}
