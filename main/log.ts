import { pino, type Logger as PinoLogger, type LoggerOptions } from 'pino';

/**
 * Logging: pino, JSON lines on stderr (stdout carries the hosts' ready line), and in the hosts also
 * rotating files in `<dataDir>/logs` (main/logging/file-logger.ts). Every module logs through a
 * child with a `mod` tag, and with the bill or payment id, so one payment can be followed through
 * the log. Secrets are redacted by key name wherever they appear, up to three levels deep.
 */
export type Logger = PinoLogger;

/** Key names whose values never reach a log line (case as written: both header spellings are listed). */
export const SECRET_KEYS = [
  'apiKey',
  'api_key',
  'posApiToken',
  'token',
  'accessToken',
  'refreshToken',
  'key',
  'secret',
  'password',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'x-api-key',
] as const;

// `apiKey`, `*.apiKey`, `*.*.apiKey`; keys that are not identifiers in bracket form (`*["set-cookie"]`).
const segment = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`);
export const REDACT_PATHS = SECRET_KEYS.flatMap((key) => {
  const s = segment(key);
  return [s.startsWith('.') ? s.slice(1) : s, `*${s}`, `*.*${s}`];
});
export const REDACTED = '[secret]';

/** Buffered log lines are written at least this often, and on exit (pino flushes then). */
export const LOG_FLUSH_MS = 250;

/** The settings every logger of ours shares: level, redaction, no pid/hostname. */
export function loggerSettings(level?: string): LoggerOptions {
  return { level: level ?? process.env.TABLESIDE_LOG_LEVEL ?? 'info', redact: { paths: REDACT_PATHS, censor: REDACTED }, base: undefined };
}

/**
 * Lines are gathered into writes of 4 KiB or every LOG_FLUSH_MS: one write per line costs a
 * system call each, which a rush of payments (three lines each) feels. The payments themselves
 * are in SQLite; a hard kill can lose at most the last LOG_FLUSH_MS of log lines.
 * Returns the pino hook that marks lines as waiting.
 */
export function flushPeriodically(streams: { flush(): void }[]): NonNullable<LoggerOptions['hooks']> {
  let unflushed = false;
  setInterval(() => {
    if (!unflushed) return;
    unflushed = false;
    for (const stream of streams) {
      try {
        stream.flush();
      } catch {
        // Ended at exit: what it held was written then.
      }
    }
  }, LOG_FLUSH_MS).unref();
  return {
    streamWrite: (line: string) => {
      unflushed = true;
      return line;
    },
  };
}

/** A buffered SonicBoom on a file descriptor (2 = stderr); pino flushes it on exit. */
export function bufferedFd(fd: number) {
  return pino.destination({ fd, sync: false, minLength: 4096 });
}

export function createLogger(options: { level?: string; destination?: NodeJS.WritableStream | number } = {}): Logger {
  const settings = loggerSettings(options.level);
  const destination = options.destination ?? 2;
  if (typeof destination !== 'number') return pino(settings, destination);
  const stream = bufferedFd(destination);
  return pino({ ...settings, hooks: flushPeriodically([stream]) }, stream);
}

/** A logger that drops everything: for tests that do not look at the log. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
