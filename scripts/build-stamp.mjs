// `npm start` builds only what changed: a hash of the build's inputs is kept in dist/ after a
// successful build; the same hash next time means dist/ is current. Content, not mtimes: a
// checkout or a branch switch that lands on the same files does not rebuild.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders whose every file feeds the build (besides dist-only folders nothing builds from). */
const INPUT_DIRS = ['main', 'preload', 'renderer', 'sandbox'];
/** Files at the root and in scripts/ that drive it. */
const INPUT_FILE = /^(package\.json|package-lock\.json|tsconfig[^/]*\.json|vite\.config[^/]*|scripts\/(build|bundle)[^/]*\.mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'out', '.git']);

function walk(root, dir, files) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) walk(root, relative, files);
    else if (entry.isFile()) files.push(relative);
  }
}

/** The build's input files, relative to root with forward slashes, sorted. */
export function buildInputs(root) {
  const files = [];
  for (const dir of INPUT_DIRS) if (existsSync(path.join(root, dir))) walk(root, dir, files);
  for (const dir of ['.', 'scripts']) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir === '.' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isFile() && INPUT_FILE.test(relative)) files.push(relative);
    }
  }
  return files.sort();
}

/** One hash of the inputs' names and contents. */
export function buildInputsHash(root) {
  const hash = createHash('sha256');
  for (const file of buildInputs(root)) {
    hash.update(file);
    hash.update('\0');
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function stampPath(root) {
  return path.join(root, 'dist', '.build-stamp');
}

/**
 * Runs `build` unless dist/ was built from these very inputs; writes the stamp only after it
 * succeeds (a failed build leaves none, so the next start builds again). True when it built.
 */
export async function buildIfChanged(root, build) {
  const hash = buildInputsHash(root);
  const file = stampPath(root);
  if (existsSync(file) && readFileSync(file, 'utf8').trim() === hash) return false;
  await build();
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${hash}\n`);
  return true;
}
