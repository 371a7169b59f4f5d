import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { exitOnUncaughtErrors } from '../../main/app/diagnostics/host-hooks.js';
import { loggerSettings } from '../../main/base/log.js';

/** The headless host's last resort: an error nobody caught is logged with its stack, then exit 1. */
describe('headless: uncaught errors', () => {
  function setup() {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const exits: number[] = [];
    // An EventEmitter stands in for `process`, so the test runner's own handlers stay out of it.
    const events = new EventEmitter();
    exitOnUncaughtErrors(pino(loggerSettings('info'), sink), (code) => exits.push(code), events);
    return { lines, exits, events };
  }

  it('logs an uncaught exception with its stack and exits 1', () => {
    const { lines, exits, events } = setup();
    events.emit('uncaughtException', new Error('store went away'));
    expect(exits).toEqual([1]);
    expect(lines[0]).toMatchObject({ level: 60, mod: 'process', kind: 'uncaughtException', err: { message: 'store went away' } });
    expect((lines[0]!.err as { stack: string }).stack).toContain('host-hooks.test.ts');
  });

  it('treats an unhandled rejection the same, whatever was thrown', () => {
    const { lines, exits, events } = setup();
    events.emit('unhandledRejection', 'a bare string');
    expect(exits).toEqual([1]);
    expect(lines[0]).toMatchObject({ kind: 'unhandledRejection', err: { message: 'a bare string' } });
  });
});
