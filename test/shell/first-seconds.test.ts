import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built shell entry (dist/main/shell/main.js) on the stand-in electron with the real core: a
 * second instance leaves before it opens a log file; the cashier's Quit asks while bills are open;
 * the OS session's end (Windows' session-end, powerMonitor's shutdown) quits without asking, with
 * the service link closed and the database checkpointed (no WAL file left).
 */
const run = promisify(execFile);
const SLOW = 300_000;
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tableside-first-seconds-'));
  // Port 0 for the local POS API, so parallel test files never fight over 4100.
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ posApiPort: 0 }));
  dirs.push(dir);
  return dir;
}

async function drive(script: string, args: string[] = []): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [`test/shell/fixtures/${script}`, ...args], {
    env: { ...process.env, FAKE_USER_DATA: dataDir(), TABLESIDE_LOG_LEVEL: 'error' },
    timeout: 240_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
}

beforeAll(async () => {
  const needed = ['dist/main/shell/main.js', 'dist/preload/channels.js', 'dist/renderer/index.html'];
  if (!needed.every((f) => existsSync(f))) await run(process.execPath, ['scripts/build.mjs'], { maxBuffer: 64 * 1024 * 1024 });
}, SLOW);

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the first and the last seconds of the shell', () => {
  it(
    'a second instance quits before it opens any log file, with crash reporting started first',
    async () => {
      const report = await drive('drive-second-instance.mjs');
      expect(report.exit).toBe(0);
      const steps = report.steps as string[];
      expect(steps.slice(0, 2)).toEqual(['crashReporter.start', 'requestSingleInstanceLock']);
      expect(steps.at(-1)).toBe('exit');
      expect(report.lock).toMatchObject({ uncaughtExceptionHandlers: 1 });
      expect(report.logsDir).toBe(false);
      expect(report.windows).toBe(0);
      expect(report.trays).toBe(0);
    },
    SLOW,
  );

  for (const how of ['session-end', 'shutdown'] as const) {
    it(
      `the cashier's Quit asks while bills are open; ${how} quits without asking and checkpoints the database`,
      async () => {
        const report = await drive('drive-session-end.mjs', [how]);
        expect(report.error).toBeUndefined();
        expect(report.question).toEqual({
          message: expect.stringMatching(/^\d+ tables? ha(s an open bill|ve open bills)\. Quit anyway\?$/),
          buttons: ['Quit', 'Keep running'],
        });
        expect(report.exitAfterKeep).toBeNull();
        expect(report.stillServes).toBe(true);
        expect(report.walBefore).toBe(true);
        expect(report.exit).toBe(0);
        // No second question: the session's end never waits for an answer.
        expect(report.boxesAtEnd).toBe(1);
        expect(report.trayDestroyed).toBe(true);
        expect(report.walAfter).toBe(false);
        if (how === 'shutdown') expect(report.shutdownHeld).toBe(true);
      },
      SLOW,
    );
  }
});
