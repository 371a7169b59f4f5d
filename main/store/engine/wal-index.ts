import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/**
 * How many frames the WAL holds since it last started over, and how many of them a checkpoint has
 * copied, read from the wal-index header in the `-shm` file (a pread of 100 bytes, no lock, no
 * SQLite call). The layout is SQLite's documented and fixed wal-index format
 * (https://www.sqlite.org/walformat.html): `mxFrame` at byte 16 of the first header copy,
 * `nBackfill` at byte 96, in the machine's byte order. A read that races a commit may be one
 * commit old: checkpointer.ts only uses it to decide when to ask for a checkpoint.
 *
 * The WAL file's own size cannot say this: it only grows until a checkpoint lets the WAL start over
 * from its beginning, then keeps its size (shrinking it, journal_size_limit, costs an ftruncate of
 * megabytes inside the next commit: measured at several ms on the event loop).
 */
export interface WalIndex {
  /** Null while the -shm file cannot be read (not created yet). */
  read(): { frames: number; backfilled: number } | null;
  close(): void;
}

const HEADER_BYTES = 100;
const MX_FRAME = 16;
const N_BACKFILL = 96;

export function openWalIndex(dbFile: string): WalIndex {
  const shm = `${dbFile}-shm`;
  const buffer = Buffer.alloc(HEADER_BYTES);
  const little = endianness() === 'LE';
  let fd: number | null = null;
  return {
    read() {
      try {
        fd ??= openSync(shm, 'r');
        if (readSync(fd, buffer, 0, HEADER_BYTES, 0) < HEADER_BYTES) return null;
      } catch {
        return null;
      }
      const u32 = (at: number) => (little ? buffer.readUInt32LE(at) : buffer.readUInt32BE(at));
      return { frames: u32(MX_FRAME), backfilled: u32(N_BACKFILL) };
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
