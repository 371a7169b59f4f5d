import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Logger } from '../../base/log.js';
import { flushLogger } from '../../base/logging/file-logger.js';
import type { SupportBundleOptions } from './support-bundle.js';

/**
 * What the hosts call, one line each: write a support bundle to a file, and log then leave on an
 * error nobody caught (headless: exit code 1, so the service manager starts it again).
 */
export async function writeSupportBundle(file: string, options: SupportBundleOptions & { log?: Logger }): Promise<{ file: string; bytes: number }> {
  // The files must hold every line logged so far, the last ones included.
  if (options.log) await flushLogger(options.log);
  // Loaded here, not with exitOnUncaughtErrors at every start: the zip library builds its tables on load.
  const { buildSupportBundle } = await import('./support-bundle.js');
  const zip = await buildSupportBundle(options);
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  await writeFile(target, zip);
  options.log?.info({ mod: 'diagnostics', file: target, bytes: zip.length }, 'support bundle written');
  return { file: target, bytes: zip.length };
}

/** `--diagnostics FILE.zip`: the bundle without starting the core; prints one JSON line; the exit code. */
export async function diagnosticsCommand(file: string, options: SupportBundleOptions & { log: Logger }): Promise<number> {
  try {
    const written = await writeSupportBundle(file, options);
    process.stdout.write(`${JSON.stringify({ diagnostics: written.file, bytes: written.bytes })}\n`);
    return 0;
  } catch (e) {
    options.log.error({ mod: 'diagnostics', err: e as Error, file }, 'support bundle not written');
    await flushLogger(options.log);
    return 1;
  }
}

/**
 * Headless: an uncaught exception or unhandled rejection is logged with its stack, the log is
 * flushed, and the process exits 1; a service manager (or the Windows service wrapper) restarts
 * it, and recovery settles what was in flight. Carrying on after an unknown error could answer
 * the service from a half-changed state.
 */
export function exitOnUncaughtErrors(
  log: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
  events: Pick<NodeJS.EventEmitter, 'on'> = process,
): void {
  const fatal = (kind: 'uncaughtException' | 'unhandledRejection') => (reason: unknown) => {
    const err = reason instanceof Error ? reason : new Error(String(reason));
    log.fatal({ mod: 'process', kind, err }, 'uncaught error: exiting so the host is restarted');
    log.flush();
    exit(1);
  };
  events.on('uncaughtException', fatal('uncaughtException'));
  events.on('unhandledRejection', fatal('unhandledRejection'));
}
