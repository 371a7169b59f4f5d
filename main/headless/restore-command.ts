import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { flushLogger } from '../base/logging/file-logger.js';
import type { Logger } from '../base/log.js';
import { backupSentence } from '../features/backups/backup-words.js';
import { backupsDir, BackupError, findBackup, markDatabaseCreated, restoreBackup } from '../store/index.js';

/**
 * `--restore-backup latest|NAME|PATH`: the newest backup, one by its name in <data-dir>/backups, or
 * a file elsewhere, put in place of the bill database (restoreBackup: verified first, the replaced
 * database kept in backups/ as replaced-<time>.sqlite). Restores and exits without starting the
 * core, so the start after it is an ordinary one. Answers the exit code: 0 restored (one JSON line
 * on stdout), 3 refused (one sentence on stderr).
 */
export async function restoreCommand(which: string, o: { dataDir: string; log: Logger }): Promise<number> {
  const file = join(o.dataDir, 'tableside.sqlite');
  const dir = backupsDir(file);
  const byName = which === 'latest' || basename(which) === which;
  const backup = byName ? findBackup(dir, which)?.path : existsSync(which) ? resolve(which) : undefined;
  let line: string;
  let code = 0;
  if (!backup) {
    line = `headless: no backup ${which === 'latest' ? '' : `${which} `}in ${byName ? dir : 'that place'}: list ${dir} and give a file name from it, or latest.`;
    code = 3;
  } else {
    try {
      const { keptAside } = await restoreBackup({ file, backup, log: o.log });
      markDatabaseCreated(file);
      line = JSON.stringify({ restored: backup, database: file, keptAside });
    } catch (e) {
      if (!(e instanceof BackupError)) throw e;
      line = `headless: ${backupSentence(e.code, { backup, database: file })}`;
      code = 3;
    }
  }
  await flushLogger(o.log);
  (code === 0 ? process.stdout : process.stderr).write(`${line}\n`);
  return code;
}
