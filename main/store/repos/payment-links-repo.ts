import type { Database } from 'better-sqlite3';
import type { WriteToken } from '../engine/tx.js';

/** A payment link this till created at the service (migration 010); `amount` null: the guest chooses it. */
export interface PaymentLinkRecord {
  id: string;
  idMerchant: string;
  amount: string | null;
  currency: string;
  description: string;
  url: string;
  created: string;
}

const COLUMNS = 'id, idMerchant, amount, currency, description, url, created';

/** Payment links, read half: newest first (rowid: the order they were made in, even within one ms), or one by id. */
export function createPaymentLinksReader(db: Database): PaymentLinksReader {
  const list = db.prepare<[number], PaymentLinkRecord>(`SELECT ${COLUMNS} FROM payment_links ORDER BY rowid DESC LIMIT ?`);
  const one = db.prepare<[string], PaymentLinkRecord>(`SELECT ${COLUMNS} FROM payment_links WHERE id = ?`);
  return {
    list: (limit: number): PaymentLinkRecord[] => list.all(limit),
    get: (id: string): PaymentLinkRecord | null => one.get(id) ?? null,
  };
}
export interface PaymentLinksReader {
  list(limit: number): PaymentLinkRecord[];
  get(id: string): PaymentLinkRecord | null;
}

/** Payment links, write half: each function takes the transaction it writes in. */
export function createPaymentLinksWriter(db: Database): PaymentLinksWriter {
  // The service's id is the key: saving the same link again (a retried create) keeps one row.
  const upsert = db.prepare(
    `INSERT INTO payment_links (${COLUMNS}) VALUES (@id, @idMerchant, @amount, @currency, @description, @url, @created)
     ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, currency = excluded.currency, description = excluded.description, url = excluded.url`,
  );
  const remove = db.prepare<[string]>('DELETE FROM payment_links WHERE id = ?');
  return {
    putLink: (tx: WriteToken, link: Omit<PaymentLinkRecord, 'created'>): void => {
      upsert.run({ ...link, created: tx.now });
    },
    /** False when no such link was stored. */
    removeLink: (_tx: WriteToken, id: string): boolean => remove.run(id).changes > 0,
  };
}
export interface PaymentLinksWriter {
  putLink(tx: WriteToken, link: Omit<PaymentLinkRecord, 'created'>): void;
  /** False when no such link was stored. */
  removeLink(_tx: WriteToken, id: string): boolean;
}
