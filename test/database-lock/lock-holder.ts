import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Another process holding the database's write lock until told to let go. */
export interface LockHolder {
  /** Ends the holder's transaction (nothing written) and waits for the process to exit. */
  release(): Promise<void>;
  child: ChildProcess;
}

/**
 * Starts a second process (plain Node with better-sqlite3, as a backup tool or a second instance
 * would open the file) that takes the write lock with BEGIN IMMEDIATE and keeps it until a line
 * "release" arrives on its stdin. Resolves once the lock is held.
 */
export async function holdWriteLock(file: string): Promise<LockHolder> {
  const script = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.pragma('busy_timeout = 5000');
db.exec('BEGIN IMMEDIATE');
process.stdout.write('held\\n');
require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
  if (line !== 'release') return;
  db.exec('ROLLBACK');
  db.close();
  process.exit(0);
});
`;
  const child = spawn(process.execPath, ['-e', script, file], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the lock holder exited with ${code}`)))),
  );
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => (line === 'held' ? resolve() : reject(new Error(`lock holder said ${line}`))));
    exited.then(() => reject(new Error('the lock holder exited before holding the lock')), reject);
  });
  return {
    child,
    release: async () => {
      child.stdin.write('release\n');
      await exited;
    },
  };
}
