import type { BackupsView, CommandResult, RestoreStarted } from '../../../preload/contract.js';
import type { Clock } from '../../base/clock.js';
import { fail, ok } from '../../base/command-result.js';
import type { Logger } from '../../base/log.js';
import { BACKUPS_KEPT, backupsDir, findBackup, listBackups, verifyDatabaseFile } from '../../store/index.js';

/** How long after answering a restore the companion stops: the answer reaches the renderer first. */
export const RESTORE_STOP_DELAY_MS = 500;

export interface BackupCommandsDeps {
  /** The bill database file. */
  file: string;
  /** The manager PIN's check (manager-pin.ts `allows`): a restore is an integration change. */
  pin: { allows(token: string | undefined): boolean };
  clock: Clock;
  log: Logger;
  nativeBinding?: string | undefined;
  /** The host starts again by itself after a restore (the desktop app), or must be started (headless). */
  restartsItself: boolean;
  /** Stops the companion, puts the backup in place and hands over to the host (companion.ts). */
  restore(backupPath: string): Promise<void>;
}

export interface BackupCommands {
  listBackups(): Promise<CommandResult<BackupsView>>;
  restoreBackup(input: { file: string; unlock?: string | undefined }): Promise<CommandResult<RestoreStarted>>;
}

/**
 * Settings → Backups: the list, and a restore behind the manager PIN. A restore checks the backup
 * whole first (a damaged one is refused and nothing stops), answers, then stops the companion:
 * the database cannot be swapped under a running core, so the app restarts (or asks to be).
 */
export function createBackupCommands(deps: BackupCommandsDeps): BackupCommands {
  const dir = backupsDir(deps.file);
  let restoring = false;
  return {
    listBackups: () =>
      Promise.resolve(ok({ backups: listBackups(dir).map((b) => ({ name: b.name, at: new Date(b.at).toISOString(), bytes: b.bytes })), kept: BACKUPS_KEPT })),
    async restoreBackup(input) {
      if (!deps.pin.allows(input.unlock)) return fail('PIN_REQUIRED', { field: 'backup' });
      const backup = findBackup(dir, input.file);
      if (!backup) return fail('BACKUP_NOT_FOUND');
      const check = await verifyDatabaseFile(backup.path, { nativeBinding: deps.nativeBinding });
      if (!check.ok) {
        deps.log.error({ mod: 'backup', backup: backup.name, problems: check.problems }, 'a backup chosen for restore is damaged; nothing changed');
        return fail('BACKUP_DAMAGED');
      }
      if (!restoring) {
        restoring = true;
        deps.log.warn({ mod: 'backup', backup: backup.name }, 'restore asked in Settings: stopping to put the backup in place');
        deps.clock.setTimeout(() => void deps.restore(backup.path), RESTORE_STOP_DELAY_MS);
      }
      return ok({ restored: backup.name, restart: deps.restartsItself ? 'automatic' : 'manual' });
    },
  };
}
