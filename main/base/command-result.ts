import type { CommandFailure, CommandResult, ErrorCode, ErrorParams } from '../../preload/contract.js';
import type { Logger } from './log.js';
import { isDatabaseBusy, isStoreError, type StoreError } from './store-error.js';

export const ok = <T>(value: T): CommandResult<T> => ({ ok: true, value });

/** A refusal: a code and its parameters, which the renderer words; the core writes no sentence. */
export const fail = <T = never>(code: ErrorCode, params?: ErrorParams): CommandResult<T> => ({
  ok: false,
  error: params && Object.keys(params).length > 0 ? { code, params } : { code },
});

/**
 * What a command knows about its subject, looked up when it is refused: the table and bill names,
 * the item name (never a raw id), and a narrower code for a generic store refusal.
 */
export interface FailureContext {
  params?: () => ErrorParams;
  /** e.g. closeBill: the store's CONFLICT there always means "a guest is paying". */
  refine?: (e: StoreError) => ErrorCode | null;
}

function named(failure: CommandFailure, action: string, context: FailureContext | undefined): CommandFailure {
  let params: ErrorParams;
  try {
    params = { ...(context?.params?.() ?? {}), ...(failure.params ?? {}) };
  } catch {
    // The lookup is a courtesy: a refusal is still reported when the names cannot be read.
    params = { ...(failure.params ?? {}) };
  }
  return Object.keys(params).length > 0 ? { ...failure, params, action } : { ...failure, action };
}

/**
 * Runs a command: store refusals and service failures keep their code and gain the names of what
 * was refused; a write another program's lock refused is DATABASE_BUSY; anything unexpected is logged and
 * reported as INTERNAL_ERROR (a real defect).
 */
export async function attempt<T>(
  log: Logger,
  name: string,
  fn: () => Promise<CommandResult<T>> | CommandResult<T>,
  context?: FailureContext,
): Promise<CommandResult<T>> {
  try {
    const result = await fn();
    return result.ok ? result : { ok: false, error: named(result.error, name, context) };
  } catch (e) {
    if (isStoreError(e)) {
      const code = context?.refine?.(e) ?? e.code;
      // The command's names of table, bill and item; the store's own facts (raw ids) stay for the POS API and logs.
      return { ok: false, error: named({ code }, name, context) };
    }
    if (isDatabaseBusy(e)) {
      // Another program's lock refused the write; nothing changed and the same command later will do.
      log.warn({ command: name, code: (e as { code?: string }).code }, 'command refused: the bill database is locked by another program');
      return { ok: false, error: { code: 'DATABASE_BUSY', action: name } };
    }
    log.error({ err: e, command: name }, 'command failed');
    return { ok: false, error: { code: 'INTERNAL_ERROR', action: name } };
  }
}
