import type { CommandFailure, CommandResult, ErrorParams } from '../../preload/contract.js';
import type { Logger } from './log.js';
import { isStoreError, type StoreError } from './store-error.js';

export const ok = <T>(value: T): CommandResult<T> => ({ ok: true, value });

/** A refusal: `code` and `params` are what the renderer words; `message` is English for logs only. */
export const fail = <T = never>(code: string, message: string, params?: ErrorParams): CommandResult<T> => ({
  ok: false,
  error: params && Object.keys(params).length > 0 ? { code, message, params } : { code, message },
});

/**
 * What a command knows about its subject, looked up when it is refused: the table and bill names,
 * the item name (never a raw id), and a narrower code for a generic store refusal.
 */
export interface FailureContext {
  params?: () => ErrorParams;
  /** e.g. closeBill: the store's CONFLICT there always means "a guest is paying". */
  refine?: (e: StoreError) => string | null;
}

function named(failure: CommandFailure, action: string, context: FailureContext | undefined): CommandFailure {
  let params: ErrorParams = {};
  try {
    params = { ...(context?.params?.() ?? {}), ...(failure.params ?? {}) };
  } catch {
    // The lookup is a courtesy: a refusal is still reported when the names cannot be read.
  }
  return Object.keys(params).length > 0 ? { ...failure, params, action } : { ...failure, action };
}

/**
 * Runs a command: store refusals and service failures keep their code and gain the names of what
 * was refused; anything unexpected is logged and reported as INTERNAL_ERROR (a real defect).
 */
export async function attempt<T>(log: Logger, name: string, fn: () => Promise<CommandResult<T>> | CommandResult<T>, context?: FailureContext): Promise<CommandResult<T>> {
  try {
    const result = await fn();
    return result.ok ? result : { ok: false, error: named(result.error, name, context) };
  } catch (e) {
    if (isStoreError(e)) {
      const code = context?.refine?.(e) ?? e.code;
      return { ok: false, error: named({ code, message: e.message }, name, context) };
    }
    log.error({ err: e, command: name }, 'command failed');
    return { ok: false, error: { code: 'INTERNAL_ERROR', message: 'Unexpected failure in Tableside; see the log.', action: name } };
  }
}
