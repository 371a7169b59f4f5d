import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { batchLines, LOG_WRITE_BYTES, type LineSink } from '../../main/base/log.js';
import { listLogFiles } from '../../main/base/logging/file-logger.js';
import { cleanup, tempDir } from '../integration/helpers/harness.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);

function recordingSink() {
  const writes: string[] = [];
  const flushes: string[] = [];
  const sink: LineSink = {
    write: (chunk: string) => writes.push(chunk),
    flush: (callback) => {
      flushes.push('flush');
      callback?.();
    },
    flushSync: () => flushes.push('flushSync'),
  };
  return { sink, writes, flushes };
}

describe('batchLines: the lines gathered into one write', () => {
  it('holds lines below LOG_WRITE_BYTES, hands them over in order as one chunk when flushed, and writes at once past it', () => {
    const { sink, writes, flushes } = recordingSink();
    const batch = batchLines(sink);
    batch.write('{"n":1}\n');
    batch.write('{"n":2}\n');
    expect(writes).toEqual([]);
    let called = false;
    batch.flush(() => (called = true));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n']);
    expect(flushes).toEqual(['flush']);
    expect(called).toBe(true);

    // Past the size: handed over without waiting for a flush; a flush with nothing held writes nothing more.
    const big = `${JSON.stringify({ pad: 'x'.repeat(LOG_WRITE_BYTES / 2) })}\n`;
    batch.write(big);
    expect(writes).toHaveLength(1);
    batch.write(big);
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n', big + big]);
    batch.flushSync();
    expect(writes).toHaveLength(2);
    expect(flushes).toEqual(['flush', 'flushSync']);
  });

  it('writes what it holds to the file and to stderr when the process exits at once (process.exit, no flush)', async () => {
    const dataDir = tempDir();
    try {
      // The hosts' own logger (file + stderr), in a process of its own that exits right after logging.
      const script = `
        import { createFileLogger } from './main/base/logging/file-logger.ts';
        const log = await createFileLogger({ dataDir: process.argv[1], level: 'info' });
        for (let i = 0; i < 3; i++) log.info({ i }, 'line before exit');
        process.exit(0);
      `;
      const { stderr } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], { cwd: root });
      const fromStderr = stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { i: number; msg: string });
      const files = listLogFiles(dataDir);
      const fromFile = files
        .map((f) => readFileSync(f.path, 'utf8'))
        .join('')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { i: number; msg: string });
      for (const lines of [fromFile, fromStderr]) {
        expect(lines.map((l) => l.i)).toEqual([0, 1, 2]);
        expect(lines.every((l) => l.msg === 'line before exit')).toBe(true);
      }
    } finally {
      cleanup(dataDir);
    }
  });
});
