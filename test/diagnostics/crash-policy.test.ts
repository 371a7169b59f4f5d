import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { CRASH_POLICY, createCrashPolicy, type CrashNoticeCode } from '../../main/app/diagnostics/crash-policy.js';
import { loggerSettings } from '../../main/base/log.js';

const HOUR = CRASH_POLICY.windowMs;

/** The policy on a ManualClock with ports that record what they were asked to do. */
function setup(restart: () => Promise<void> = async () => undefined) {
  const clock = new ManualClock();
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = pino(loggerSettings('debug'), sink);
  const done: string[] = [];
  const notices: CrashNoticeCode[] = [];
  const policy = createCrashPolicy({
    clock,
    log,
    ports: {
      restartCore: () => {
        done.push('restartCore');
        return restart();
      },
      reloadRenderer: () => done.push('reload'),
      notice: (code) => notices.push(code),
    },
  });
  return { clock, policy, lines, done, notices };
}

describe('crash policy: errors in main', () => {
  it('logs an uncaught exception with its stack and restarts the core once; the tray hears of it after the restart', async () => {
    const { clock, policy, lines, done, notices } = setup();
    policy.mainError('uncaughtException', new Error('boom in a handler'));
    policy.mainError('uncaughtException', new Error('second while restarting'));
    expect(done).toEqual(['restartCore']);
    expect(notices).toEqual([]);
    await clock.advanceAsync(0);
    expect(notices).toEqual(['CORE_RESTARTED']);
    const logged = lines.find((l) => l.msg === 'uncaught exception in main') as { err: { stack: string; message: string }; mod: string };
    expect(logged.mod).toBe('crash');
    expect(logged.err.message).toBe('boom in a handler');
    expect(logged.err.stack).toContain('crash-policy.test.ts');
  });

  it('keeps the core running on an unhandled rejection, logged with its stack', () => {
    const { policy, lines, done, notices } = setup();
    policy.mainError('unhandledRejection', new Error('nobody awaited me'));
    policy.mainError('unhandledRejection', 'a bare string');
    expect(done).toEqual([]);
    expect(notices).toEqual([]);
    const logged = lines.filter((l) => l.kind === 'unhandledRejection') as { err: { message: string; stack: string } }[];
    expect(logged.map((l) => l.err.message)).toEqual(['nobody awaited me', 'a bare string']);
    expect(logged[0]!.err.stack).toContain('crash-policy.test.ts');
  });

  it('restarts the core at most 3 times an hour, then leaves it stopped and says so once', async () => {
    const { clock, policy, done, notices } = setup();
    for (let i = 0; i < 3; i++) {
      policy.mainError('uncaughtException', new Error(`crash ${i}`));
      await clock.advanceAsync(60_000);
    }
    expect(done).toEqual(['restartCore', 'restartCore', 'restartCore']);
    policy.mainError('uncaughtException', new Error('fourth'));
    policy.mainError('uncaughtException', new Error('fifth'));
    await clock.advanceAsync(HOUR);
    policy.mainError('uncaughtException', new Error('an hour later'));
    expect(done).toHaveLength(3);
    expect(notices).toEqual(['CORE_RESTARTED', 'CORE_RESTARTED', 'CORE_RESTARTED', 'CORE_FAILED']);
  });

  it('tries a failed restart again after retryMs, not before, within the same budget', async () => {
    let attempts = 0;
    const { clock, policy, done, notices } = setup(async () => {
      attempts++;
      if (attempts === 1) throw new Error('the database is locked');
    });
    policy.mainError('uncaughtException', new Error('boom'));
    await clock.advanceAsync(CRASH_POLICY.retryMs - 1);
    expect(done).toEqual(['restartCore']);
    expect(notices).toEqual([]);
    await clock.advanceAsync(1);
    expect(done).toEqual(['restartCore', 'restartCore']);
    expect(notices).toEqual(['CORE_RESTARTED']);
  });
});

describe('crash policy: the renderer', () => {
  it('reloads a window whose process crashed, and ignores a clean exit', () => {
    const { policy, done, notices, lines } = setup();
    policy.rendererGone({ reason: 'clean-exit', exitCode: 0 });
    expect(done).toEqual([]);
    policy.rendererGone({ reason: 'crashed', exitCode: -1073741819 });
    expect(done).toEqual(['reload']);
    expect(notices).toEqual(['RENDERER_RELOADED']);
    expect(lines.find((l) => l.msg === 'the window process is gone')).toMatchObject({ reason: 'crashed', exitCode: -1073741819, level: 50 });
  });

  it('reloads at most 5 times an hour; the hour is counted from the first reload, not a moment sooner or later', async () => {
    const { clock, policy, done, notices } = setup();
    for (let i = 0; i < 5; i++) policy.rendererGone({ reason: 'oom' });
    policy.rendererGone({ reason: 'oom' });
    expect(done).toHaveLength(5);
    expect(notices.at(-1)).toBe('RENDERER_FAILED');
    await clock.advanceAsync(HOUR - 1);
    policy.rendererGone({ reason: 'killed' });
    expect(done).toHaveLength(5);
    await clock.advanceAsync(1);
    policy.rendererGone({ reason: 'killed' });
    expect(done).toHaveLength(6);
    expect(notices.at(-1)).toBe('RENDERER_RELOADED');
  });

  it('reloads a hung window after the grace period, not before; a window that answers again is left alone', async () => {
    const { clock, policy, done } = setup();
    policy.unresponsive();
    policy.unresponsive(); // Electron repeats it: one timer
    await clock.advanceAsync(CRASH_POLICY.hangGraceMs - 1);
    expect(done).toEqual([]);
    await clock.advanceAsync(1);
    expect(done).toEqual(['reload']);

    policy.unresponsive();
    await clock.advanceAsync(CRASH_POLICY.hangGraceMs - 1);
    policy.responsive();
    await clock.advanceAsync(CRASH_POLICY.hangGraceMs * 2);
    expect(done).toEqual(['reload']);
    expect(clock.pending()).toBe(0);
  });

  it('does nothing once stopped (quitting): no reload, no restart, no timer left', async () => {
    const { clock, policy, done } = setup();
    policy.unresponsive();
    policy.stop();
    policy.rendererGone({ reason: 'crashed' });
    policy.mainError('uncaughtException', new Error('at quit'));
    await clock.advanceAsync(HOUR);
    expect(done).toEqual([]);
    expect(clock.pending()).toBe(0);
  });
});
