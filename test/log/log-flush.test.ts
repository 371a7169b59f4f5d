import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, LOG_FLUSH_MS } from '../../main/base/log.js';

let dir: string | null = null;
let fd: number | null = null;
afterEach(() => {
  vi.useRealTimers();
  if (fd !== null) closeSync(fd);
  if (dir) rmSync(dir, { recursive: true, force: true });
  fd = null;
  dir = null;
});

describe('log: the flush timer', () => {
  it('is armed by a line, not run while nothing is logged, and writes the line out LOG_FLUSH_MS later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    dir = mkdtempSync(join(tmpdir(), 'tableside-log-'));
    const file = join(dir, 'log.jsonl');
    fd = openSync(file, 'a');
    const log = createLogger({ level: 'info', destination: fd });
    // Idle: no timer at all, so an idle host does not wake up for its log.
    expect(vi.getTimerCount()).toBe(0);

    log.info({ n: 1 }, 'first');
    log.info({ n: 2 }, 'second');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(LOG_FLUSH_MS - 1);
    expect(readFileSync(file, 'utf8')).toBe('');

    // pino's stream is the line batch (main/base/log.ts batchLines); its target guards the SonicBoom on the file.
    const batch = (log as unknown as Record<symbol, { target: { stream: NodeJS.EventEmitter } }>)[pino.symbols.streamSym]!;
    const written = once(batch.target.stream, 'write');
    vi.advanceTimersByTime(1);
    await written;
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.map((l) => l.msg)).toEqual(['first', 'second']);
    expect(vi.getTimerCount()).toBe(0);

    // The next line arms it again.
    log.info('third');
    expect(vi.getTimerCount()).toBe(1);
  });
});
