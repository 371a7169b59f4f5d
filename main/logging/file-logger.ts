import { once, type EventEmitter } from 'node:events';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pino } from 'pino';
import { bufferedFd, flushPeriodically, loggerSettings, type Logger } from '../log.js';

/**
 * The hosts' logger: the same JSON lines as createLogger (stderr, redacted), also written to
 * rotating files in `<dataDir>/logs` by pino-roll, so support can read what happened on a Friday
 * night weeks later. A new file each day or every ROTATION.size, at most ROTATION.files kept:
 * 10 × 5 MB = 50 MB at most.
 */
export const ROTATION = { size: '5m', files: 10 } as const;
export const LOG_FILE_BASE = 'tableside';

/** The stream pino-roll returns: a SonicBoom that reopens itself on the next file. */
export interface RollingFile {
  write(line: string): boolean;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
  end(): void;
  readonly file: string;
  readonly fd: number;
  on(event: 'cleanup-complete' | 'close' | 'drain', listener: () => void): unknown;
  once(event: 'cleanup-complete' | 'close' | 'drain', listener: () => void): unknown;
}

interface RollOptions {
  file: string;
  size?: string;
  frequency?: 'daily' | 'hourly' | number;
  dateFormat?: string;
  extension?: string;
  mkdir?: boolean;
  minLength?: number;
  sync?: boolean;
  limit?: { count: number; removeOtherLogFiles?: boolean };
}

// pino-roll is CommonJS without types: its default export is an async factory.
const buildRoll = createRequire(import.meta.url)('pino-roll') as (options: RollOptions) => Promise<RollingFile>;

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
    minLength: 4096,
    limit: { count: rotation.files - 1, removeOtherLogFiles: true },
  });
  // Opened asynchronously: wait, so a line logged right before a sudden exit has a file to go to.
  if (stream.fd < 0) await once(stream as unknown as EventEmitter, 'ready');
  // Unlike pino.destination, a stream we built ourselves is not flushed by pino at exit.
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // Already closed: nothing is held.
    }
  });
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
  const file = await openRollingFile(logsDir(options.dataDir), options.rotation);
  const streams: Flushable[] = [file];
  if (options.stderr !== false) streams.push(bufferedFd(2));
  return pino({ ...loggerSettings(options.level), hooks: flushPeriodically(streams) }, tee(streams));
}

interface Flushable {
  write(line: string): unknown;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * Every line to every stream. Unlike pino.multistream it has flush(callback), so `log.flush(cb)`
 * (flushLogger) waits until the files hold every line: the support bundle reads them right after.
 */
function tee(streams: Flushable[]): Flushable {
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
