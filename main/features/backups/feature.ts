import type { Feature } from '../../base/feature.js';
import type { Logger } from '../../base/log.js';
import { attempt } from '../../base/command-result.js';
import type { BackupCommands } from './backup-commands.js';

export interface BackupsFeatureDeps {
  log: Logger;
  /** Built by the root: a restore stops the core and hands over to the host. */
  backupCommands: BackupCommands;
}

/** Settings → Backups: the verified copies of the bill database, and a restore behind the PIN. */
export const backupsFeature = {
  name: 'backups',
  commands: ({ log, backupCommands: b }: BackupsFeatureDeps) => ({
    listBackups: () => attempt(log, 'listBackups', () => b.listBackups()),
    restoreBackup: (input: Parameters<BackupCommands['restoreBackup']>[0]) => attempt(log, 'restoreBackup', () => b.restoreBackup(input)),
  }),
} satisfies Feature<BackupsFeatureDeps>;
