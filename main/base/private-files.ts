import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';

/**
 * The data folder holds secrets (the API key headless, the POS API token) and the settings: the
 * folder is the user's alone (0700) and so is every file in it (0600). A file's mode only applies
 * when it is made, so every write also chmods. (No-ops on Windows, where ACLs apply.)
 */

/** Files that hold a secret; narrowed at start even before they are next written. */
export const SECRET_FILES = ['api-key.txt', 'pos-api-token', 'api-key.bin', 'settings.json', 'settings.json.last-good', 'manager-pin.json'];

export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  for (const name of SECRET_FILES) {
    const file = join(dir, name);
    if (existsSync(file)) chmodSync(file, 0o600);
  }
  // A temp file a crash left between its write and its rename still holds a secret.
  for (const name of readdirSync(dir)) if (TEMP_NAME.test(name)) rmSync(join(dir, name), { force: true });
}

const TEMP_NAME = /\.[0-9a-f]{12}\.tmp$/;

/** Windows antivirus and backup tools hold a file for a moment: its rename fails with one of these. */
const HELD = new Set(['EPERM', 'EBUSY', 'EACCES']);
/** Waits between tries of a held rename: about a third of a second in all. */
export const RENAME_WAITS_MS = [10, 20, 40, 80, 160] as const;

export interface FileSystemOps {
  rename(from: string, to: string): void;
  /** Blocks for `ms`: the writers of private files are synchronous, and the wait is short. */
  pause(ms: number): void;
}

const pauseCell = new Int32Array(new SharedArrayBuffer(4));
export const REAL_FS: FileSystemOps = {
  rename: renameSync,
  pause: (ms) => void Atomics.wait(pauseCell, 0, 0, ms),
};

function renameHeld(from: string, to: string, fs: FileSystemOps): void {
  for (let attempt = 0; ; attempt += 1) {
    try {
      fs.rename(from, to);
      return;
    } catch (e) {
      const wait = RENAME_WAITS_MS[attempt];
      if (!HELD.has((e as NodeJS.ErrnoException).code ?? '') || wait === undefined) throw e;
      fs.pause(wait);
    }
  }
}

/** The rename itself must reach the disk too; Windows cannot open a folder, and its rename is durable. */
function syncDir(dir: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Temp file, fsync, rename, folder fsync: a power cut leaves the old file or the new one, whole,
 * never half of one; a failed write leaves the old file and no temp file behind.
 */
export function writePrivateFile(file: string, data: string | Buffer, fs: FileSystemOps = REAL_FS): void {
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const fd = openSync(tmp, 'w', 0o600);
    try {
      const bytes = typeof data === 'string' ? Buffer.from(data) : data;
      for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    chmodSync(tmp, 0o600);
    renameHeld(tmp, file, fs);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(dirname(file));
}
