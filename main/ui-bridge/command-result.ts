import type { CommandResult } from '../../preload/contract.js';
import type { Logger } from '../log.js';
import { isStoreError } from '../store/index.js';

export const ok = <T>(value: T): CommandResult<T> => ({ ok: true, value });
export const fail = <T = never>(code: string, message: string): CommandResult<T> => ({ ok: false, error: { code, message } });

/**
 * Runs a command: store refusals and service failures become messages the cashier can act on;
 * anything unexpected is logged and reported without internals.
 */
export async function attempt<T>(log: Logger, name: string, fn: () => Promise<CommandResult<T>> | CommandResult<T>): Promise<CommandResult<T>> {
  try {
    return await fn();
  } catch (e) {
    if (isStoreError(e)) return fail(e.code, e.message);
    log.error({ err: e, command: name }, 'command failed');
    return fail('INTERNAL_ERROR', 'Something went wrong in Tableside. Try again; if it keeps happening, restart the app.');
  }
}
