import { z } from 'zod';
import { NoInput, command, returns } from './command-kit.js';
import type { BackupsView, RestoreStarted } from './views.js';

/** A backup's file name as main lists it: never a path. */
const BackupName = z.string().regex(/^tableside-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/, 'must be a backup name from listBackups');

/** The bill database's backups (main/features/backups): listed for anyone, restored behind the manager PIN. */
export const BACKUP_COMMANDS = {
  listBackups: command(NoInput, returns<BackupsView>()),
  /**
   * Needs a live `unlock` once a manager PIN is set. Checks the backup, answers, then stops the
   * companion, puts the backup in place (the current database kept aside) and restarts (or asks to).
   */
  restoreBackup: command(z.object({ file: BackupName, unlock: z.string().min(1).max(200).optional() }), returns<RestoreStarted>()),
};
