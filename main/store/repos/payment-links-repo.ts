import type { Database } from 'better-sqlite3';
import type { WriteToken } from '../engine/tx.js';

/** What the till last learned of a link at the service (migration 017); `unknown`: a state it does not know. */
export type StoredLinkState = 'active' | 'paid' | 'expired' | 'gone' | 'unknown';
/** States after which the service is not asked again. */
export const FINAL_LINK_STATES: ReadonlySet<StoredLinkState> = new Set(['paid', 'expired', 'gone']);

/** A payment link this till created at the service (migration 010); `amount` null: the guest chooses it. */
export interface PaymentLinkRecord {
  id: string;
  idMerchant: string;
  amount: string | null;
  currency: string;
  description: string;
  url: string;
  created: string;
  /** Migration 017: the state last learned, when it was learned, and the payment a paid link produced. */
  state: StoredLinkState;
  checked: string | null;
  paidAt: string | null;
  paymentId: string | null;
  paymentAmount: string | null;
}

/** What the service said of a link: its state and, once paid, the payment. */
export interface LearnedLinkState {
  state: StoredLinkState;
  payment: { id: string; amount: string; time: string } | null;
}

/** A paid link as the day report counts it. */
export interface PaidLinkRow {
  id: string;
  currency: string;
  paymentAmount: string;
  paidAt: string;
}

type NewLink = Pick<PaymentLinkRecord, 'id' | 'idMerchant' | 'amount' | 'currency' | 'description' | 'url'>;

const COLUMNS = 'id, idMerchant, amount, currency, description, url, created, state, checked, paidAt, paymentId, paymentAmount';
const FINAL_SQL = "('paid', 'expired', 'gone')";

/** Payment links, read half: newest first (rowid: the order they were made in, even within one ms), or one by id. */
export function createPaymentLinksReader(db: Database): PaymentLinksReader {
  const list = db.prepare<[number], PaymentLinkRecord>(`SELECT ${COLUMNS} FROM payment_links ORDER BY rowid DESC LIMIT ?`);
  const one = db.prepare<[string], PaymentLinkRecord>(`SELECT ${COLUMNS} FROM payment_links WHERE id = ?`);
  const open = db.prepare<[number], PaymentLinkRecord>(`SELECT ${COLUMNS} FROM payment_links WHERE state NOT IN ${FINAL_SQL} ORDER BY rowid DESC LIMIT ?`);
  const paid = db.prepare<[string, string], PaidLinkRow>(
    'SELECT id, currency, paymentAmount, paidAt FROM payment_links WHERE paidAt >= ? AND paidAt < ? AND paymentAmount IS NOT NULL ORDER BY paidAt, id',
  );
  return {
    list: (limit: number): PaymentLinkRecord[] => list.all(limit),
    get: (id: string): PaymentLinkRecord | null => one.get(id) ?? null,
    notFinal: (limit: number): PaymentLinkRecord[] => open.all(limit),
    paidBetween: (from: string, to: string): PaidLinkRow[] => paid.all(from, to),
  };
}
export interface PaymentLinksReader {
  list(limit: number): PaymentLinkRecord[];
  get(id: string): PaymentLinkRecord | null;
  /** Links whose state may still change (not paid, expired or gone), newest first. */
  notFinal(limit: number): PaymentLinkRecord[];
  /** Links paid from `from` (included) to `to` (excluded), ISO times in UTC, oldest first. */
  paidBetween(from: string, to: string): PaidLinkRow[];
}

/** Payment links, write half: each function takes the transaction it writes in. */
export function createPaymentLinksWriter(db: Database): PaymentLinksWriter {
  // The service's id is the key: saving the same link again (a retried create) keeps one row.
  const upsert = db.prepare(
    `INSERT INTO payment_links (id, idMerchant, amount, currency, description, url, created) VALUES (@id, @idMerchant, @amount, @currency, @description, @url, @created)
     ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, currency = excluded.currency, description = excluded.description, url = excluded.url`,
  );
  const remove = db.prepare<[string]>('DELETE FROM payment_links WHERE id = ?');
  // A payment once learned stays: a later answer (deleted, a 404) changes the state only where it was not paid.
  // A paid link whose answer names no payment counts its own amount, at the time the till learned it.
  const learn = db.prepare(
    `UPDATE payment_links SET checked = @checked,
       state = CASE WHEN state = 'paid' THEN 'paid' ELSE @state END,
       paidAt = COALESCE(paidAt, @paidAt), paymentId = COALESCE(paymentId, @paymentId),
       paymentAmount = COALESCE(paymentAmount, @paymentAmount, CASE WHEN @state = 'paid' THEN amount END)
     WHERE id = @id`,
  );
  return {
    putLink: (tx: WriteToken, link: NewLink): void => {
      upsert.run({ ...link, created: tx.now });
    },
    /** False when no such link was stored. */
    removeLink: (_tx: WriteToken, id: string): boolean => remove.run(id).changes > 0,
    learnState: (tx: WriteToken, id: string, learned: LearnedLinkState): void => {
      const p = learned.payment;
      learn.run({
        id,
        checked: tx.now,
        state: learned.state,
        paidAt: p ? new Date(p.time).toISOString() : learned.state === 'paid' ? tx.now : null,
        paymentId: p?.id ?? null,
        paymentAmount: p?.amount ?? null,
      });
    },
  };
}
export interface PaymentLinksWriter {
  putLink(tx: WriteToken, link: NewLink): void;
  /** False when no such link was stored. */
  removeLink(_tx: WriteToken, id: string): boolean;
  /** Records what the service said; the payment of a paid link is kept once learned. */
  learnState(tx: WriteToken, id: string, learned: LearnedLinkState): void;
}
