import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('./native/fsync-counter.c', import.meta.url));

export interface FsyncCounter {
  /** Environment for the child process to count: LD_PRELOAD of the shim and its counter file. */
  env: Record<string, string>;
  /** fsync + fdatasync calls the child made so far. */
  read(): number;
  dispose(): void;
}

/**
 * Counts the durable syncs (fsync, fdatasync) of a child process from outside, through a small
 * LD_PRELOAD shim (native/fsync-counter.c) compiled here with the system's cc. Nothing in the app
 * changes: SQLite's commits call fsync() through libc, and the shim counts each call before
 * passing it on. Proves itself on a child that calls fsync exactly once before it is handed out.
 */
export function createFsyncCounter(): FsyncCounter {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-fsync-'));
  const lib = join(dir, 'fsync-counter.so');
  const file = join(dir, 'counter');
  execFileSync('cc', ['-O2', '-shared', '-fPIC', '-o', lib, source, '-ldl'], { stdio: 'pipe' });
  writeFileSync(file, Buffer.alloc(16));
  const env = { LD_PRELOAD: lib, BENCH_FSYNC_COUNTER: file };
  const read = () => {
    const b = readFileSync(file);
    return Number(b.readBigUInt64LE(0) + b.readBigUInt64LE(8));
  };
  const probe = "const fs=require('fs');const fd=fs.openSync(process.argv[1],'w');fs.fsyncSync(fd);fs.closeSync(fd)";
  execFileSync(process.execPath, ['-e', probe, join(dir, 'probe')], { env: { ...process.env, ...env }, stdio: 'pipe' });
  const seen = read();
  if (seen !== 1) throw new Error(`the fsync counter saw ${seen} syncs of a probe that made 1`);
  writeFileSync(file, Buffer.alloc(16));
  return { env, read, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
