import { existsSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { maskSecrets } from './secret-scrub.js';

export const BUNDLE_EVENTS = 1000;

export interface DatabaseReport {
  file: string;
  exists: boolean;
  /** `PRAGMA integrity_check`: "ok", or the problems SQLite found. */
  integrity: string | string[];
  schemaVersion: number;
  rows: Record<string, number>;
  /** The last BUNDLE_EVENTS events of the event log, oldest first. */
  events: unknown[];
  error?: string;
}

/**
 * Reads the bill database through its own read-only connection (WAL lets it sit beside the
 * store's writer): the headless `--diagnostics` reads it with no core running, the app while the
 * core runs. It never writes, so a damaged database is reported as found.
 */
export function readDatabaseReport(file: string, options: { nativeBinding?: string; eventLimit?: number } = {}): DatabaseReport {
  const empty: DatabaseReport = { file, exists: existsSync(file), integrity: [], schemaVersion: 0, rows: {}, events: [] };
  if (!empty.exists) return empty;
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}) });
    db.pragma('busy_timeout = 5000');
    const checks = (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    const names = db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
    const rows: Record<string, number> = {};
    for (const { name } of names) {
      rows[name] = db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()?.n ?? 0;
    }
    return {
      ...empty,
      integrity: checks.length === 1 && checks[0] === 'ok' ? 'ok' : checks,
      schemaVersion: db.pragma('user_version', { simple: true }) as number,
      rows,
      events: 'events' in rows ? lastEvents(db, options.eventLimit ?? BUNDLE_EVENTS) : [],
    };
  } catch (e) {
    return { ...empty, error: (e as Error).message };
  } finally {
    db?.close();
  }
}

interface EventRow {
  seq: number;
  at: string;
  kind: string;
  tableId: string | null;
  billId: string | null;
  paymentId: string | null;
  data: string;
}

function lastEvents(db: BetterSqlite3.Database, limit: number): unknown[] {
  const rows = db
    .prepare<[number], EventRow>('SELECT seq, at, kind, tableId, billId, paymentId, data FROM events ORDER BY seq DESC LIMIT ?')
    .all(limit)
    .reverse();
  return rows.map((row) => {
    let data: unknown = row.data;
    try {
      data = JSON.parse(row.data);
    } catch {
      // Kept as text: a damaged row is exactly what support wants to see.
    }
    return { ...row, data: maskSecrets(data) };
  });
}
