import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_WRITE_BYTES } from '../../main/base/log.js';
import { listLogFiles, logsDir, openRollingFile } from '../../main/base/logging/file-logger.js';

const run = promisify(execFile);

describe('the hosts file logger', () => {
  const dirs: string[] = [];
  const temp = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tableside-logs-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('writes every line to <dataDir>/logs, secrets redacted, even when the process exits at once', async () => {
    const dataDir = temp();
    const secret = 'sk_live_6f1c2d3e4b5a';
    await run(process.execPath, ['--import', 'tsx', 'test/logging/fixtures/log-and-exit.ts', dataDir, secret]);
    const files = listLogFiles(dataDir);
    expect(files).toHaveLength(1);
    expect(files[0]!.path.startsWith(logsDir(dataDir))).toBe(true);
    expect(files[0]!.name).toMatch(/^tableside\.\d{4}-\d{2}-\d{2}\.1\.log$/);
    const text = readFileSync(files[0]!.path, 'utf8');
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual(['with secrets', 'a request', 'last line']);
    expect(lines[0]).toMatchObject({ mod: 'fixture', apiKey: '[secret]', settings: { posApiToken: '[secret]' } });
    expect(lines[1]).toMatchObject({ request: { headers: { authorization: '[secret]', 'x-api-key': '[secret]' } } });
    expect(lines[2]).toMatchObject({ mod: 'child', paymentId: 'p1', err: { message: 'late', token: '[secret]' } });
    expect(text).not.toContain(secret);
  });

  it('rolls to a new file past the size and keeps at most the configured number of files', async () => {
    const dir = temp();
    const stream = await openRollingFile(dir, { size: '1k', files: 3 });
    try {
      // Each line is written at once (the file's stream is handed whole chunks) and is past the
      // size, so each one rolls; wait for the clean-up that follows the roll.
      for (let i = 0; i < 6; i++) {
        const cleaned = new Promise<void>((resolve) => stream.once('cleanup-complete', resolve));
        stream.write(`${JSON.stringify({ i, pad: 'x'.repeat(LOG_WRITE_BYTES + 1000) })}\n`);
        await cleaned;
      }
      const numbers = readdirSync(dir).map((name) => Number(/\.(\d+)\.log$/.exec(name)?.[1]));
      expect(numbers.length).toBeGreaterThanOrEqual(2);
      expect(numbers.length).toBeLessThanOrEqual(3);
      // Six rolls from file 1: the current file is 7, the two before it may stay, older ones are gone.
      expect(stream.file).toMatch(/\.7\.log$/);
      expect(numbers.every((n) => n >= 5 && n <= 7)).toBe(true);
    } finally {
      // The last roll may still be opening its file: end() waits for it; removing the folder
      // before 'close' would fail that open after the test.
      const closed = new Promise<void>((resolve) => stream.once('close', resolve));
      stream.end();
      await closed;
    }
  });
});

describe('redaction', () => {
  it('censors secret keys at any depth, in arrays, bindings and errors, without touching the logged object', async () => {
    const { createLogger } = await import('../../main/base/log.js');
    const lines: string[] = [];
    const log = createLogger({ destination: { write: (line: string) => lines.push(line) } as unknown as NodeJS.WritableStream });
    const headers = { Authorization: 'Bearer abc123xyz', accept: 'json' };
    const err = Object.assign(new Error('request failed'), { config: { headers } });
    log.child({ mod: 'rest', token: 'child-token' }).error({ err, calls: [{ request: { headers } }], apiKey: 'k1' }, 'failed');
    expect(headers.Authorization).toBe('Bearer abc123xyz');
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      mod: 'rest',
      token: '[secret]',
      apiKey: '[secret]',
      err: { message: 'request failed', config: { headers: { Authorization: '[secret]', accept: 'json' } } },
      calls: [{ request: { headers: { Authorization: '[secret]', accept: 'json' } } }],
    });
    expect(lines[0]).not.toMatch(/abc123xyz|child-token|k1"/);
  });
});
