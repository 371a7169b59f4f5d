import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserWindow, SaveDialogOptions, SaveDialogReturnValue } from 'electron';
import type { CommandResult } from '../../preload/contract.js';
import type { ShellPorts } from '../base/host-types.js';
import type { Logger } from '../base/log.js';

/**
 * Export CSV: the save dialog, then the file written as UTF-8. The core hands the text;
 * only the shell may ask the cashier where to put it.
 */
export interface SaveFileOptions {
  showSaveDialog: (parent: BrowserWindow | null, options: SaveDialogOptions) => Promise<SaveDialogReturnValue>;
  parent: () => BrowserWindow | null;
  /** Where the dialog opens (the Documents folder). */
  startDir: () => string;
  log: Logger;
}

export function createSaveTextFile(options: SaveFileOptions): NonNullable<ShellPorts['saveTextFile']> {
  return async (input): Promise<CommandResult<{ path: string | null }>> => {
    const answer = await options.showSaveDialog(options.parent(), {
      defaultPath: path.join(options.startDir(), input.fileName),
      filters: [{ name: 'CSV', extensions: ['csv'] }],
    });
    if (answer.canceled || !answer.filePath) return { ok: true, value: { path: null } };
    try {
      await writeFile(answer.filePath, input.text, 'utf8');
    } catch (e) {
      options.log.warn({ mod: 'export', err: e }, 'CSV export could not be written');
      return { ok: false, error: { code: 'SAVE_FAILED' } };
    }
    return { ok: true, value: { path: answer.filePath } };
  };
}
