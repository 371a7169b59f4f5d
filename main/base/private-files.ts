import { chmodSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds secrets (the API key headless, the POS API token) and the settings: the
 * folder is the user's alone (0700) and so is every file in it (0600). writeFileSync's `mode`
 * only applies to a new file, so every write also chmods: a file first made 0644 by hand or an
 * older version is narrowed the next time it is written. (No-ops on Windows, where ACLs apply.)
 */

/** Files that hold a secret; narrowed at start even before they are next written. */
export const SECRET_FILES = ['api-key.txt', 'pos-api-token', 'api-key.bin', 'settings.json', 'manager-pin.json'];

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const name of SECRET_FILES) {
    const file = join(dir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
}

/** Write then rename, so a power cut leaves the old file or the new one, never half of one. */
export function writePrivateFile(file: string, data: string | Buffer): void {
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, data, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}
