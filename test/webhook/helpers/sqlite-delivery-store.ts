import Database from 'better-sqlite3';
import type { MethodOutcome } from '../../../main/methods/types.js';
import type { DeliveryStore } from '../../../main/transport/webhook/index.js';

/**
 * A real SQLite file behind the DeliveryStore port, as the bill store will provide it (the lead
 * wires the real one). Reopening the same file is how the tests restart the companion.
 */
export function openSqliteDeliveryStore(file: string, options: { busyTimeoutMs?: number } = {}): DeliveryStore & { close(): void; count(): number } {
  const db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE IF NOT EXISTS deliveries(id TEXT PRIMARY KEY, outcome TEXT NOT NULL, at INTEGER NOT NULL)');
  const get = db.prepare<[string], { outcome: string }>('SELECT outcome FROM deliveries WHERE id = ?');
  const put = db.prepare<[string, string, number]>('INSERT OR IGNORE INTO deliveries(id, outcome, at) VALUES (?, ?, ?)');
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM deliveries');
  const prune = db.prepare<[number]>('DELETE FROM deliveries WHERE at < ?');
  return {
    getDelivery(id) {
      const row = get.get(id);
      return row ? { outcome: JSON.parse(row.outcome) as unknown } : null;
    },
    recordDelivery(id: string, outcome: MethodOutcome) {
      put.run(id, JSON.stringify(outcome), Date.now());
    },
    pruneDeliveries: (olderThanMs: number) => prune.run(Date.now() - olderThanMs).changes,
    count: () => count.get()?.n ?? 0,
    close: () => db.close(),
  };
}

/**
 * Another connection holds the write lock (BEGIN IMMEDIATE), as a backup tool or a second
 * process might: writes of a store opened with busyTimeoutMs 0 then fail with SQLITE_BUSY.
 */
export function lockDatabase(file: string): { release(): void } {
  const db = new Database(file);
  db.exec('BEGIN IMMEDIATE');
  return {
    release() {
      if (db.open) {
        db.exec('COMMIT');
        db.close();
      }
    },
  };
}
