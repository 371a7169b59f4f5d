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

export function createLogger(options: { level?: string; destination?: NodeJS.WritableStream | number } = {}): Logger {
  const level = options.level ?? process.env.TABLESIDE_LOG_LEVEL ?? 'info';
  const destination = options.destination ?? 2;
  return pino(
    { level, redact: { paths: REDACT_PATHS, censor: '[secret]' }, base: undefined },
    typeof destination === 'number' ? pino.destination({ fd: destination, sync: false }) : destination,
  );
}

/** A logger that drops everything: for tests that do not look at the log. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
