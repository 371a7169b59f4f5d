import type { Database } from 'better-sqlite3';
import type { Receipt } from '../../base/wire/index.js';
import type { ReceiptDelivery } from '../shared/receipt-records.js';
import type { WriteToken } from '../engine/tx.js';

interface ReceiptRow {
  paymentId: string;
  receipt: string;
  receivedAt: string;
  deliveredAt: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  lastError: string | null;
  refusedCode: string | null;
}

const COLUMNS = 'paymentId, receipt, receivedAt, deliveredAt, attempts, lastAttemptAt, lastError, refusedCode';
// Only insert below writes `receipt`, always from a parsed Receipt.
const toDelivery = (r: ReceiptRow): ReceiptDelivery => ({ ...r, receipt: JSON.parse(r.receipt) as Receipt });

/** Receipts the main POS gave (POSTPONED flow) and their delivery to the service, read half. */
export function createReceiptsReader(db: Database): ReceiptsReader {
  const get = db.prepare<[string], ReceiptRow>(`SELECT ${COLUMNS} FROM payment_receipts WHERE paymentId = ?`);
  const undelivered = db.prepare<[], ReceiptRow>(`SELECT ${COLUMNS} FROM payment_receipts WHERE deliveredAt IS NULL ORDER BY receivedAt, paymentId`);
  return {
    get(paymentId: string): ReceiptDelivery | null {
      const row = get.get(paymentId);
      return row ? toDelivery(row) : null;
    },
    /** Not yet accepted by the service (refused ones too), oldest first. */
    undelivered(): ReceiptDelivery[] {
      return undelivered.all().map(toDelivery);
    },
  };
}

/** Write half: every function takes the transaction's WriteTx. */
export function createReceiptsWriter(db: Database): ReceiptsWriter {
  const insert = db.prepare(`INSERT INTO payment_receipts (paymentId, receipt, receivedAt) VALUES (?, ?, ?)`);
  const delivered = db.prepare('UPDATE payment_receipts SET deliveredAt = ?, attempts = attempts + 1, lastAttemptAt = ?, lastError = NULL WHERE paymentId = ?');
  const replace = db.prepare(
    'UPDATE payment_receipts SET receipt = ?, receivedAt = ?, attempts = 0, lastAttemptAt = NULL, lastError = NULL, refusedCode = NULL WHERE paymentId = ?',
  );
  const failed = db.prepare('UPDATE payment_receipts SET attempts = attempts + 1, lastAttemptAt = ?, lastError = ?, refusedCode = ? WHERE paymentId = ?');
  return {
    insert(tx: WriteToken, paymentId: string, receipt: Receipt): void {
      insert.run(paymentId, JSON.stringify(receipt), tx.now);
    },
    /** A receipt the service refused for good, replaced by the POS's new one: sent afresh. */
    replace(tx: WriteToken, paymentId: string, receipt: Receipt): void {
      replace.run(JSON.stringify(receipt), tx.now, paymentId);
    },
    setDelivered(tx: WriteToken, paymentId: string): void {
      delivered.run(tx.now, tx.now, paymentId);
    },
    setFailed(tx: WriteToken, paymentId: string, code: string, refused: boolean): void {
      failed.run(tx.now, code, refused ? code : null, paymentId);
    },
  };
}

export interface ReceiptsReader {
  get(paymentId: string): ReceiptDelivery | null;
  /** Not yet accepted by the service (refused ones too), oldest first. */
  undelivered(): ReceiptDelivery[];
}
export interface ReceiptsWriter {
  insert(tx: WriteToken, paymentId: string, receipt: Receipt): void;
  /** A receipt the service refused for good, replaced by the POS's new one: sent afresh. */
  replace(tx: WriteToken, paymentId: string, receipt: Receipt): void;
  setDelivered(tx: WriteToken, paymentId: string): void;
  setFailed(tx: WriteToken, paymentId: string, code: string, refused: boolean): void;
}
