// pino-roll has no types of its own; the shell's tsconfig reaches this file only through imports,
// so the declaration is referenced here rather than found by an include.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./pino-roll-types.d.ts" />
import { once, type EventEmitter } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
// Imported, not required at run time: the headless bundle carries it (and the few date-fns
// functions it uses) inside, instead of loading date-fns's hundreds of files at each start.
import buildRoll, { type RollingFile } from 'pino-roll';
import {
  batchLines,
  fdStream,
  flushPeriodically,
  LOG_MAX_WRITE_BYTES,
  loggerSettings,
  resilientSink,
  type LineSink,
  type Logger,
  type SinkHealth,
} from '../log.js';

/**
 * The hosts' logger: the same JSON lines as createLogger (stderr, redacted), also written to
 * rotating files in `<dataDir>/logs` by pino-roll, so support can read what happened on a Friday
 * night weeks later. A new file each day or every ROTATION.size, at most ROTATION.files kept:
 * 10 × 5 MB = 50 MB at most.
 */
export const ROTATION = { size: '5m', files: 10 } as const;
export const LOG_FILE_BASE = 'tableside';

export type { RollingFile };

export function logsDir(dataDir: string): string {
  return join(dataDir, 'logs');
}

/**
 * Opens the rotating file in `dir`: `tableside.<yyyy-MM-dd>.<n>.log`. `removeOtherLogFiles`
 * makes the limit count the files of earlier runs too (the app restarts; the folder must not grow).
 */
export async function openRollingFile(dir: string, rotation: { size: string; files: number } = ROTATION): Promise<RollingFile> {
  const stream = await buildRoll({
    file: join(dir, LOG_FILE_BASE),
    extension: '.log',
    frequency: 'daily',
    dateFormat: 'yyyy-MM-dd',
    size: rotation.size,
    mkdir: true,
    sync: false,
    // Each chunk batchLines hands it is written at once; 1, not 0, so flush(cb) waits (see fdStream).
    minLength: 1,
    maxWrite: LOG_MAX_WRITE_BYTES,
    limit: { count: rotation.files - 1, removeOtherLogFiles: true },
  });
  // Opened asynchronously: wait, so a line logged right before a sudden exit has a file to go to.
  if (stream.fd < 0) await once(stream as unknown as EventEmitter, 'ready');
  return stream;
}

export interface FileLoggerOptions {
  dataDir: string;
  level?: string;
  /** Also write to stderr (default true: the headless host's and the dev shell's console). */
  stderr?: boolean;
  rotation?: { size: string; files: number };
}

/** The hosts' logger: stderr and `<dataDir>/logs`, one line at each host. */
export async function createFileLogger(options: FileLoggerOptions): Promise<Logger> {
  return (await createFileLoggerWithHealth(options)).log;
}

/** The hosts' logger and the health of its log file (a full disk drops lines instead of failing). */
export async function createFileLoggerWithHealth(options: FileLoggerOptions): Promise<{ log: Logger; fileHealth(): SinkHealth }> {
  const file = resilientSink(await openRollingFile(logsDir(options.dataDir), options.rotation));
  const streams: LineSink[] = [file];
  if (options.stderr !== false) streams.push(resilientSink(fdStream(2)));
  // The batch flushes what it holds at exit, through sinks that never throw or spin on a failed file.
  const batch = batchLines(tee(streams));
  return { log: pino({ ...loggerSettings(options.level), hooks: flushPeriodically(batch) }, batch), fileHealth: file.health };
}

/**
 * Every line to every stream. Unlike pino.multistream it has flush(callback), so `log.flush(cb)`
 * (flushLogger) waits until the files hold every line: the support bundle reads them right after.
 */
function tee(streams: LineSink[]): LineSink {
  return {
    write(line) {
      for (const stream of streams) stream.write(line);
      return true;
    },
    flush(callback) {
      let left = streams.length;
      for (const stream of streams) {
        stream.flush(() => {
          if (--left === 0) callback?.();
        });
      }
    },
    flushSync() {
      for (const stream of streams) stream.flushSync();
    },
  };
}

/** Resolves once every line logged so far is written (for a logger without flush(cb) at once). */
export function flushLogger(log: Logger): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()));
}

/** The log files in `<dataDir>/logs`, newest last (by modification time, then name). */
export function listLogFiles(dataDir: string): { name: string; path: string; size: number; mtimeMs: number }[] {
  const dir = logsDir(dataDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.log'))
    .map((name) => {
      const stats = statSync(join(dir, name));
      return { name, path: join(dir, name), size: stats.size, mtimeMs: stats.mtimeMs };
    })
    .sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name, 'en', { numeric: true }));
}
