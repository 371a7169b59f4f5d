import type { Database, Statement } from 'better-sqlite3';
import type { WriteToken } from '../engine/tx.js';

/** What resolving a Needs attention entry did (main/attention). */
export type AttentionActionName = 'capture' | 'retry-recovery' | 'release-lock' | 'acknowledge';

export interface AttentionResolution {
  entryId: string;
  kind: string;
  action: AttentionActionName;
  note: string | null;
}

export type SqlParams = Record<string, string | number | null>;

/**
 * Needs attention, read half. `select` runs a source's own SQL (main/attention/sources/*.ts), so a
 * new kind of entry is one file there; each statement is prepared once and must be a read
 * (better-sqlite3's `readonly`), so a source can never write.
 */
export function createAttentionReader(db: Database): AttentionReader {
  const prepared = new Map<string, Statement<[SqlParams], unknown>>();
  const statement = (sql: string) => {
    let stmt = prepared.get(sql);
    if (!stmt) {
      stmt = db.prepare<[SqlParams], unknown>(sql);
      if (!stmt.readonly) throw new Error('an attention source ran SQL that writes');
      prepared.set(sql, stmt);
    }
    return stmt;
  };
  const resolutions = db.prepare<[string], AttentionResolution & { resolvedAt: string }>(
    'SELECT entryId, kind, action, note, resolvedAt FROM attention_resolutions WHERE entryId = ? ORDER BY seq',
  );
  return {
    select<Row>(sql: string, params: SqlParams = {}): Row[] {
      return statement(sql).all(params) as Row[];
    },
    /** Every resolution recorded for an entry, oldest first. */
    resolutionsOf(entryId: string): (AttentionResolution & { resolvedAt: string })[] {
      return resolutions.all(entryId);
    },
  };
}

/** Needs attention, write half: each function takes the transaction it writes in. */
export function createAttentionWriter(db: Database): AttentionWriter {
  const insertResolution = db.prepare(
    'INSERT INTO attention_resolutions (entryId, kind, action, note, resolvedAt) VALUES (@entryId, @kind, @action, @note, @resolvedAt)',
  );
  const insertRefusal = db.prepare('INSERT INTO refund_refusals (paymentId, code, at) VALUES (?, ?, ?)');
  return {
    addResolution(tx: WriteToken, r: AttentionResolution): void {
      insertResolution.run({ ...r, resolvedAt: tx.now });
    },
    addRefundRefusal(tx: WriteToken, paymentId: string, code: string): void {
      insertRefusal.run(paymentId, code, tx.now);
    },
  };
}

export interface AttentionReader {
  select<Row>(sql: string, params?: SqlParams): Row[];
  /** Every resolution recorded for an entry, oldest first. */
  resolutionsOf(entryId: string): (AttentionResolution & { resolvedAt: string })[];
}
export interface AttentionWriter {
  addResolution(tx: WriteToken, r: AttentionResolution): void;
  addRefundRefusal(tx: WriteToken, paymentId: string, code: string): void;
}
