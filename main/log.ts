import { pino, type Logger as PinoLogger } from 'pino';

/**
 * Logging: pino, JSON lines on stderr (stdout carries the hosts' ready line). Every module logs
 * through a child with a `mod` tag, and with the bill or payment id, so one payment can be
 * followed through the log. Secrets are redacted by key name wherever they appear.
 */
export type Logger = PinoLogger;

export const REDACT_PATHS = [
  'apiKey',
  '*.apiKey',
  'token',
  '*.token',
  'posApiToken',
  '*.posApiToken',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'Authorization',
  '*.Authorization',
];

/** Buffered log lines are written at least this often, and on exit (pino flushes then). */
export const LOG_FLUSH_MS = 250;

export function createLogger(options: { level?: string; destination?: NodeJS.WritableStream | number } = {}): Logger {
  const level = options.level ?? process.env.TABLESIDE_LOG_LEVEL ?? 'info';
  const destination = options.destination ?? 2;
  const settings = { level, redact: { paths: REDACT_PATHS, censor: '[secret]' }, base: undefined };
  if (typeof destination !== 'number') return pino(settings, destination);
  // Lines are gathered into writes of 4 KiB or every LOG_FLUSH_MS: one write per line costs a
  // system call each, which a rush of payments (three lines each) feels. The payments themselves
  // are in SQLite; a hard kill can lose at most the last LOG_FLUSH_MS of log lines.
  const stream = pino.destination({ fd: destination, sync: false, minLength: 4096 });
  // The flush timer is armed by the first line written after a flush, not run for ever: an idle
  // host logs nothing and so wakes up for nothing.
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    timer = null;
    try {
      stream.flush();
    } catch {
      // Ended at exit: pino already wrote what it held.
    }
  };
  return pino(
    {
      ...settings,
      hooks: {
        streamWrite: (line: string) => {
          if (timer === null) timer = setTimeout(flush, LOG_FLUSH_MS).unref();
          return line;
        },
      },
    },
    stream,
  );
}

/** A logger that drops everything: for tests that do not look at the log. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
