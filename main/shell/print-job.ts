import type { BrowserWindow, WebContents } from 'electron';
import type { CommandFailure, CommandResult, ErrorCode, ErrorParams } from '../../preload/contract.js';
import type { Logger } from '../base/log.js';
import type { AppOrigins } from './trusted-url.js';

/** What every print job of the shell needs: the app's origins, where PDFs go, a hidden window, the printer. */
export interface PrintingOptions {
  origins: AppOrigins;
  dataDir: string;
  /** A hidden hardened window (from the window factory); withPreload: the sheet needs the bridge. */
  hiddenWindow: (withPreload: boolean) => BrowserWindow;
  /** The printer chosen in Settings, read when a job starts. */
  printer: () => Promise<string | null>;
  log: Logger;
}

/** A printing refusal: a code and its facts, worded by the renderer. */
export const fail = (code: ErrorCode, params?: ErrorParams): { ok: false; error: CommandFailure } => ({
  ok: false,
  error: params ? { code, params } : { code },
});

export function print(contents: WebContents, silent: boolean, deviceName: string | null): Promise<CommandResult<null>> {
  return new Promise((resolve) => {
    contents.print({ silent, printBackground: true, ...(deviceName === null ? {} : { deviceName }) }, (success, reason) => {
      if (success) resolve({ ok: true, value: null });
      else if (/cancel/i.test(reason)) resolve(fail('PRINT_CANCELLED'));
      else resolve(fail('PRINT_FAILED', { detail: reason }));
    });
  });
}
