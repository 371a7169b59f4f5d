import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createFsyncCounter, type FsyncCounter } from '../bench/fsync-counter.js';
import { tempDir } from './helpers.js';

interface Line {
  acked?: string;
  ok?: boolean;
  before?: number;
  atAck?: number;
  done?: boolean;
  fsyncs?: number;
}

/**
 * Runs durability-ack-child.ts with the fsync counter preloaded; `onLine` sees each stdout line
 * as it comes (and may kill the child). Resolves with the lines once the child has ended.
 */
function runChild(
  file: string,
  guests: number,
  counter: FsyncCounter,
  onLine: (line: Line, kill: () => void) => void,
): Promise<{ lines: Line[]; signal: string | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'durability-ack-child.ts'), file, String(guests)], {
    env: { ...process.env, ...counter.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: Line[] = [];
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = JSON.parse(text) as Line;
    lines.push(line);
    onLine(line, () => child.kill('SIGKILL'));
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`child exited ${code}: ${stderr.slice(-2000)}`));
      else resolve({ lines, signal });
    });
  });
}

function paymentState(file: string, id: string): string | null {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT state FROM payments WHERE id = ?').get(id) as { state: string } | undefined)?.state ?? null;
  } finally {
    db.close();
  }
}

describe('a payment is durable before it is acknowledged (the group commit syncs its WAL off the event loop)', () => {
  let cleanup = () => {};
  afterEach(() => cleanup());
  const setup = () => {
    const tmp = tempDir();
    const counter = createFsyncCounter();
    cleanup = () => {
      counter.dispose();
      tmp.cleanup();
    };
    return { file: join(tmp.dir, 'bills.sqlite'), counter };
  };

  it('a process killed right after the acknowledgement: the payment is there on reopen, and an fsync completed between the call and its answer', async () => {
    const { file, counter } = setup();
    let first: Line | null = null;
    const { signal } = await runChild(file, 8, counter, (line, kill) => {
      if (line.acked && !first) {
        first = line;
        kill();
      }
    });
    expect(signal).toBe('SIGKILL');
    const acked = first as Line | null;
    expect(acked?.ok).toBe(true);
    expect(acked!.atAck!).toBeGreaterThan(acked!.before!);
    // Reopened by another process's connection after the kill: the acknowledged payment is processed.
    expect(paymentState(file, acked!.acked!)).toBe('PROCESSED');
  });

  it('32 payments processed at once: every one acknowledged after an fsync completed, at most one fsync per payment', async () => {
    const { file, counter } = setup();
    const { lines, signal } = await runChild(file, 32, counter, () => {});
    expect(signal).toBeNull();
    const acks = lines.filter((l) => l.acked);
    expect(acks).toHaveLength(32);
    for (const a of acks) {
      expect(a.ok).toBe(true);
      expect(a.atAck!).toBeGreaterThan(a.before!);
    }
    const done = lines.find((l) => l.done)!;
    expect(done.fsyncs).toBeGreaterThanOrEqual(1);
    expect(done.fsyncs).toBeLessThanOrEqual(32);
    for (const a of acks) expect(paymentState(file, a.acked!)).toBe('PROCESSED');
  });
});
