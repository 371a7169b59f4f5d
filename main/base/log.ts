// on-exit-leak-free has no types of its own; the shell's tsconfig reaches this file only through
// imports, so the declaration is referenced here rather than found by an include.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./logging/on-exit-types.d.ts" />
import * as onExit from 'on-exit-leak-free';
import { pino, type Logger as PinoLogger, type LoggerOptions } from 'pino';

/**
 * Logging: pino, JSON lines on stderr (stdout carries the hosts' ready line), and in the hosts also
 * rotating files in `<dataDir>/logs` (main/base/logging/file-logger.ts). Every module logs through a
 * child with a `mod` tag, and with the bill or payment id, so one payment can be followed through
 * the log. Secrets are redacted by key name wherever they appear (SECRET_KEYS, any depth up to 5).
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

/** pino's `redact` for the top-level keys: no wildcard paths, which cost on every line (decision 012). */
export const REDACT_PATHS = SECRET_KEYS.map((key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`));
export const REDACTED = '[secret]';
const SECRET_SET: ReadonlySet<string> = new Set(SECRET_KEYS);
const MAX_DEPTH = 4;

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The same keys at any depth up to MAX_DEPTH, in plain objects and arrays (a request's
 * `headers.authorization`, an error's `config.headers.Authorization`). Copies only the objects on
 * the way to a secret, so a line without one costs a walk of its keys and no allocation.
 */
export function censorNested(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const inner: unknown = value[i];
      const censored = censorNested(inner, depth + 1);
      if (censored !== inner) (out ??= [...(value as unknown[])])[i] = censored;
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    const censored = SECRET_SET.has(key) && inner !== undefined ? REDACTED : censorNested(inner, depth + 1);
    if (censored !== inner) (out ??= { ...(value as Record<string, unknown>) })[key] = censored;
  }
  return out ?? value;
}

/** pino's error serializer (type, message, stack, the error's own fields), its fields censored too. */
function censorError(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  return censorNested(serialized === err ? err : { ...(serialized as Record<string, unknown>) });
}

const censorRecord = (object: Record<string, unknown>) => censorNested(object) as Record<string, unknown>;

/**
 * Lines gathered before a write: a rush logs three lines per payment to the file and to stderr,
 * and each write is a system call on the threadpool the WAL's fsync also uses (16 KiB: one write
 * per ~25 payments instead of one per line). Lines never wait longer than LOG_FLUSH_MS.
 */
export const LOG_WRITE_BYTES = 16 * 1024;
/** The largest single write a stream makes of what piled up while its last write was under way. */
export const LOG_MAX_WRITE_BYTES = 64 * 1024;

/** Buffered log lines are written at least this often, and on exit (pino flushes then). */
export const LOG_FLUSH_MS = 250;

/** The settings every logger of ours shares: level, redaction, no pid/hostname. */
export function loggerSettings(level?: string): LoggerOptions {
  return {
    level: level ?? process.env.TABLESIDE_LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    formatters: { log: censorRecord, bindings: censorRecord },
    // An error's own fields (a failed request's config and headers) are walked too.
    serializers: { err: censorError },
    base: undefined,
  };
}

/**
 * Lines are gathered into writes of LOG_WRITE_BYTES or every LOG_FLUSH_MS: one write per line costs a
 * system call each, which a rush of payments (three lines each) feels. The payments themselves
 * are in SQLite; a hard kill can lose at most the last LOG_FLUSH_MS of log lines.
 * Returns the pino hook that marks lines as waiting.
 */
export function flushPeriodically(stream: { flush(): void }): NonNullable<LoggerOptions['hooks']> {
  // Armed by the first line written after a flush, not run for ever: an idle host wakes up for nothing.
  let timer: NodeJS.Timeout | null = null;
  const flush = (): void => {
    timer = null;
    try {
      stream.flush();
    } catch {
      // Ended at exit: what it held was written then.
    }
  };
  return {
    streamWrite: (line: string) => {
      if (timer === null) timer = setTimeout(flush, LOG_FLUSH_MS).unref();
      return line;
    },
  };
}

/**
 * A SonicBoom on a file descriptor (2 = stderr) that writes each chunk it is handed at once
 * (batchLines gathers the lines). minLength 1, not 0: at 0 SonicBoom's flush(cb) calls back
 * without waiting for the write under way, and flushLogger promises the lines are written.
 */
export function fdStream(fd: number) {
  return pino.destination({ fd, sync: false, minLength: 1, maxWrite: LOG_MAX_WRITE_BYTES });
}

/** Where a logger's lines go: a SonicBoom, or several (the file logger's tee). */
export interface LineSink {
  write(line: string): unknown;
  flush(callback?: (err?: Error) => void): void;
  flushSync(): void;
}

/**
 * Holds the lines in an array and hands `target` one chunk once they reach LOG_WRITE_BYTES, or
 * when flushed (every LOG_FLUSH_MS, and at exit, synchronously). Not SonicBoom's own minLength:
 * it measures its whole pending buffer on every line, and that garbage delays guests' scans (decision 012).
 */
export function batchLines(target: LineSink): LineSink & { readonly target: LineSink } {
  let lines: string[] = [];
  let length = 0;
  const drain = (): void => {
    if (lines.length === 0) return;
    const chunk = lines.join('');
    lines = [];
    length = 0;
    target.write(chunk);
  };
  const batch = {
    target,
    write(line: string): boolean {
      lines.push(line);
      length += line.length;
      if (length >= LOG_WRITE_BYTES) drain();
      return true;
    },
    flush(callback?: (err?: Error) => void): void {
      drain();
      target.flush(callback);
    },
    flushSync(): void {
      drain();
      target.flushSync();
    },
  };
  // At exit no write can complete any more: what is held is written synchronously.
  onExit.register(batch, (b, event) => {
    try {
      if (event === 'exit') b.flushSync();
      else b.flush();
    } catch {
      // The stream was ended already: what it held was written then.
    }
  });
  return batch;
}

/** What a sink that failed knows: why (an errno code such as ENOSPC), and the lines it dropped since. */
export interface SinkHealth {
  failing: string | null;
  droppedLines: number;
}

type EmittingSink = LineSink & { on(event: 'error', listener: (err: NodeJS.ErrnoException) => void): unknown; reopen?(): void };

/** How often a failed sink tries its file again (a full disk that got space back). */
export const SINK_RETRY_MS = 30_000;

/**
 * A log write that fails (a full disk, a file a backup tool holds) must not become an uncaught
 * error, nor an exit that retries for ever: the sink drops its lines, counted, and tries its file
 * again every SINK_RETRY_MS. The till keeps serving; the count says what the log is missing.
 */
export function resilientSink<S extends EmittingSink>(stream: S, now: () => number = Date.now): LineSink & { health(): SinkHealth; readonly stream: S } {
  let failing: string | null = null;
  let failedAt = 0;
  let droppedLines = 0;
  const fail = (err: unknown): void => {
    failing ??= (err as NodeJS.ErrnoException).code ?? 'EIO';
    failedAt = now();
  };
  stream.on('error', fail);
  const retry = (): boolean => {
    if (failing === null) return true;
    if (now() - failedAt < SINK_RETRY_MS || !stream.reopen) return false;
    try {
      stream.reopen();
      failing = null;
      return true;
    } catch (e) {
      fail(e);
      return false;
    }
  };
  const lines = (chunk: string): number => {
    let n = 0;
    for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', at + 1)) n += 1;
    return Math.max(n, 1);
  };
  return {
    write(chunk: string): boolean {
      if (!retry()) {
        droppedLines += lines(chunk);
        return true;
      }
      try {
        stream.write(chunk);
      } catch (e) {
        fail(e);
        droppedLines += lines(chunk);
      }
      return true;
    },
    flush(callback?: (err?: Error) => void): void {
      if (failing !== null) return callback?.();
      try {
        stream.flush(callback);
      } catch (e) {
        fail(e);
        callback?.();
      }
    },
    flushSync(): void {
      if (failing !== null) return;
      try {
        stream.flushSync();
      } catch (e) {
        fail(e);
      }
    },
    health: () => ({ failing, droppedLines }),
    stream,
  };
}

export function createLogger(options: { level?: string; destination?: NodeJS.WritableStream | number } = {}): Logger {
  const settings = loggerSettings(options.level);
  const destination = options.destination ?? 2;
  if (typeof destination !== 'number') return pino(settings, destination);
  const batch = batchLines(resilientSink(fdStream(destination)));
  return pino({ ...settings, hooks: flushPeriodically(batch) }, batch);
}

/** A logger that drops everything: for tests that do not look at the log. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
