import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The event cursor: the seq of the last event this POS has handled, kept in a file so a restart
 * resumes after it. Written to a temp file and renamed, so a crash leaves the old value or the new.
 */
export interface Cursor {
  get(): number;
  set(seq: number): void;
}

export const CURSOR_FILE = 'events.cursor';

export function fileCursor(dir: string): Cursor {
  const file = join(dir, CURSOR_FILE);
  let seq = existsSync(file) ? Number(readFileSync(file, 'utf8').trim()) : 0;
  if (!Number.isSafeInteger(seq) || seq < 0) throw new Error(`${file} does not hold an event seq`);
  return {
    get: () => seq,
    set(next) {
      writeFileSync(`${file}.tmp`, `${next}\n`);
      renameSync(`${file}.tmp`, file);
      seq = next;
    },
  };
}
