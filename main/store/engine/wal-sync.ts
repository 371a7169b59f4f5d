import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface WalSync {
  /**
   * Resolves once an fsync of the WAL file that started after this call has completed: every
   * commit that returned before the call is then on the disk. Rejects when that fsync fails.
   */
  sync(): Promise<void>;
  /** After the connection's closing checkpoint (which synced everything): later syncs resolve at once. */
  close(): void;
}

/**
 * fsync of the store's WAL file on libuv's threadpool (`FileHandle.datasync`: fdatasync, as SQLite's
 * own commits use on Linux: the data and the size needed to read it, not the modification time; on
 * Windows the same FlushFileBuffers as sync), so a durable group
 * commit does not stop the event loop while the disk flushes: the commit itself runs at
 * synchronous=NORMAL (its frames are written to the WAL, not synced), then this makes them durable
 * before anyone is told (transactions.ts). The WAL is one file that only grows or restarts from its
 * start while the connection is open, so one fsync covers every commit written before it.
 *
 * Syncs are coalesced: while one runs, every caller waits for the next one, which starts when the
 * running one ends and covers all of them (one fsync for the commits of several event-loop turns).
 * The WAL's directory is synced once, with the first sync, so the file itself survives a power cut.
 */
export function createWalSync(dbFile: string): WalSync {
  const walFile = `${dbFile}-wal`;
  let handle: Promise<FileHandle> | null = null;
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  let closed = false;

  const openWal = async (): Promise<FileHandle> => {
    // r+: Windows flushes (FlushFileBuffers) only through a handle open for writing; nothing is written.
    const h = await open(walFile, 'r+');
    await syncDirectory(dirname(walFile));
    return h;
  };

  const fsyncOnce = async (): Promise<void> => {
    if (closed) return;
    handle ??= openWal();
    let h: FileHandle;
    try {
      h = await handle;
    } catch (e) {
      handle = null; // tried again by the next sync
      throw e;
    }
    await h.datasync();
  };

  function sync(): Promise<void> {
    if (closed) return Promise.resolve();
    if (!running) {
      running = fsyncOnce().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return sync();
      });
    return next;
  }

  return {
    sync,
    close() {
      closed = true;
      // FileHandle.close waits for a sync still running on it.
      void handle?.then((h) => h.close()).catch(() => undefined);
      handle = null;
    },
  };
}

/** fsync of a directory (its entry for a new file); where directories cannot be opened (Windows), nothing. */
async function syncDirectory(dir: string): Promise<void> {
  let d: FileHandle | null = null;
  try {
    d = await open(dir, 'r');
    await d.sync();
  } catch {
    // EISDIR/EPERM on Windows: NTFS journals the entry itself.
  } finally {
    await d?.close().catch(() => undefined);
  }
}
