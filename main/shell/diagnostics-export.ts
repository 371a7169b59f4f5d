import path from 'node:path';
import type { BrowserWindow, Dialog, Shell } from 'electron';
import type { CommandResult } from '../../preload/contract.js';
import { supportBundleName } from '../app/diagnostics/downloads.js';
import { writeSupportBundle } from '../app/diagnostics/host-hooks.js';
import type { SupportBundleOptions } from '../app/diagnostics/support-bundle.js';
import type { Logger } from '../base/log.js';
import { logsDir } from '../base/logging/file-logger.js';

/**
 * Settings → "Export diagnostics" (a save dialog, then the support bundle written there) and
 * "Open logs folder" (the OS file manager on <userData>/logs). Electron arrives as parameters,
 * so both are tested against the stand-in electron.
 */
export interface DiagnosticsExportOptions {
  dialog: Pick<Dialog, 'showSaveDialog'>;
  shell: Pick<Shell, 'openPath'>;
  window(): BrowserWindow | null;
  /** Where the save dialog starts (app.getPath('documents')). */
  defaultDir: string;
  /** Gathered when asked: the live settings, the API key to scrub, the session's states, … */
  bundleOptions(): Promise<SupportBundleOptions>;
  log: Logger;
  now?: () => number;
}

export interface DiagnosticsExport {
  exportDiagnostics(): Promise<CommandResult<{ file: string | null }>>;
  openLogs(): Promise<CommandResult<{ path: string }>>;
}

export function createDiagnosticsExport(options: DiagnosticsExportOptions): DiagnosticsExport {
  const log = options.log.child({ mod: 'diagnostics' });
  return {
    async exportDiagnostics() {
      const defaultPath = path.join(options.defaultDir, supportBundleName((options.now ?? Date.now)()));
      const win = options.window();
      const dialogOptions = { title: 'Export diagnostics', defaultPath, filters: [{ name: 'Zip', extensions: ['zip'] }] };
      const choice = win ? await options.dialog.showSaveDialog(win, dialogOptions) : await options.dialog.showSaveDialog(dialogOptions);
      if (choice.canceled || !choice.filePath) return { ok: true, value: { file: null } };
      try {
        const bundle = await options.bundleOptions();
        const written = await writeSupportBundle(choice.filePath, { ...bundle, log: options.log });
        return { ok: true, value: { file: written.file } };
      } catch (e) {
        log.error({ err: e as Error }, 'support bundle not written');
        return {
          ok: false,
          error: {
            code: 'DIAGNOSTICS_NOT_WRITTEN',
            message: 'The diagnostics file could not be written there. Choose another folder (for example Documents).',
          },
        };
      }
    },
    async openLogs() {
      const bundle = await options.bundleOptions();
      const dir = logsDir(bundle.dataDir);
      // openPath answers an error text, or '' when the folder opened.
      const problem = await options.shell.openPath(dir);
      if (problem === '') return { ok: true, value: { path: dir } };
      log.warn({ dir, problem }, 'the logs folder did not open');
      return { ok: false, error: { code: 'LOGS_NOT_OPENED', message: `The logs folder did not open. Find it at ${dir}.` } };
    },
  };
}
