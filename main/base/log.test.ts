import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, LOG_FLUSH_MS } from './log.js';

/** Waits for the file to hold `n` lines, polling once per flush period, for at most 20 periods. */
async function lines(file: string, n: number): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 20; i++) {
    const text = readFileSync(file, 'utf8');
    const found = text.split('\n').filter(Boolean);
    if (found.length >= n) return found.map((l) => JSON.parse(l) as Record<string, unknown>);
    await new Promise((r) => setTimeout(r, LOG_FLUSH_MS));
  }
  throw new Error(`the log file did not get ${n} lines: ${readFileSync(file, 'utf8')}`);
}

describe('the logger', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes buffered JSON lines to a file descriptor within the flush period, secrets redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-log-'));
    dirs.push(dir);
    const file = join(dir, 'log.jsonl');
    const fd = openSync(file, 'w');
    try {
      const log = createLogger({ destination: fd, level: 'info' });
      log.info({ mod: 'test', apiKey: 'abcd-efgh-ijkl', headers: { authorization: 'Bearer xyz' } }, 'first');
      log.child({ mod: 'child' }).info({ paymentId: 'p1' }, 'second');
      log.debug('below the level');
      // No explicit flush: the lines arrive on their own.
      const [first, second, third] = await lines(file, 2);
      expect(first).toMatchObject({ msg: 'first', mod: 'test', apiKey: '[secret]', headers: { authorization: '[secret]' } });
      expect(second).toMatchObject({ msg: 'second', mod: 'child', paymentId: 'p1' });
      expect(third).toBeUndefined();
      expect(readFileSync(file, 'utf8')).not.toContain('abcd-efgh-ijkl');
    } finally {
      closeSync(fd);
    }
  });
});
