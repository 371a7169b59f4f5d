import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BACKUPS_KEPT, backupsDir, listBackups, makeBackup, verifyDatabaseFile } from '../../main/store/index.js';

/**
 * The soak's morning backup, with the app stopped: the store's own verified backup of the night's
 * file, then the checks a month must keep: the newest copy is whole and no more than BACKUPS_KEPT stay.
 */
export async function morningBackup(dataDir: string): Promise<void> {
  const file = join(dataDir, 'tableside.sqlite');
  // The first morning has no night behind it (opening would leave an empty file the app refuses).
  if (!existsSync(file)) return;
  const db = new Database(file, { fileMustExist: true });
  try {
    const made = await makeBackup({ db, reason: 'soak' });
    const check = await verifyDatabaseFile(made.path);
    if (!check.ok) throw new Error(`the morning backup is not whole: ${check.problems.join('; ')}`);
  } finally {
    db.close();
  }
  const kept = listBackups(backupsDir(file)).length;
  if (kept > BACKUPS_KEPT) throw new Error(`${kept} backups kept, more than ${BACKUPS_KEPT}`);
}
