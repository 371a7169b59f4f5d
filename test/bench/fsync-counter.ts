import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('./native/fsync-counter.c', import.meta.url));

/** The shim's shared counters: fsyncs called, fdatasyncs called, both completed (uint64 LE each). */
const COUNTER_BYTES = 24;

/** Reads the counter file named by BENCH_FSYNC_COUNTER (from the counting process itself too). */
export function readFsyncCounter(file: string): { called: number; completed: number } {
  const b = readFileSync(file);
  return { called: Number(b.readBigUInt64LE(0) + b.readBigUInt64LE(8)), completed: Number(b.readBigUInt64LE(16)) };
}

export interface FsyncCounter {
  /** Environment for the child process to count: LD_PRELOAD of the shim and its counter file. */
  env: Record<string, string>;
  /** fsync + fdatasync calls the child made so far. */
  read(): number;
  /** Those of them that have returned (a durable flush done, not just begun). */
  readCompleted(): number;
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
  writeFileSync(file, Buffer.alloc(COUNTER_BYTES));
  const env = { LD_PRELOAD: lib, BENCH_FSYNC_COUNTER: file };
  const read = () => readFsyncCounter(file).called;
  const readCompleted = () => readFsyncCounter(file).completed;
  const probe = "const fs=require('fs');const fd=fs.openSync(process.argv[1],'w');fs.fsyncSync(fd);fs.closeSync(fd)";
  execFileSync(process.execPath, ['-e', probe, join(dir, 'probe')], { env: { ...process.env, ...env }, stdio: 'pipe' });
  const seen = readFsyncCounter(file);
  if (seen.called !== 1 || seen.completed !== 1) throw new Error(`the fsync counter saw ${JSON.stringify(seen)} syncs of a probe that made 1`);
  writeFileSync(file, Buffer.alloc(COUNTER_BYTES));
  return { env, read, readCompleted, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
