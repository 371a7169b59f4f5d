import type { BackupErrorCode } from '../../store/index.js';

/** A backup or restore refused, in English for integrators (the headless host, logs); the renderer words the codes itself. */
export function backupSentence(code: BackupErrorCode, p: { backup: string; database: string }): string {
  switch (code) {
    case 'BACKUP_NOT_FOUND':
      return `The backup ${p.backup} does not exist (BACKUP_NOT_FOUND); nothing was changed.`;
    case 'BACKUP_DAMAGED':
      return `The backup ${p.backup} failed SQLite's integrity check (BACKUP_DAMAGED); nothing was changed: choose an older backup.`;
    case 'DATABASE_IN_USE':
      return `The bill database ${p.database} is open in another program, probably a running Tableside (DATABASE_IN_USE); nothing was changed: stop it, then restore again.`;
    case 'BACKUP_FAILED':
      return `The backup could not be made (BACKUP_FAILED): check the free disk space and the data folder's permissions.`;
  }
}
