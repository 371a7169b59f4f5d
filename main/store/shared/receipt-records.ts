import type { Receipt } from '../../base/wire/index.js';

/** How the fiscal receipt of a payment is made (the `receiptMode` setting). */
export type ReceiptMode = 'QERKO_GENERATED' | 'POSTPONED';

/** A fiscal receipt the main POS gave for a POSTPONED payment, and its delivery to the service. */
export interface ReceiptDelivery {
  paymentId: string;
  /** As the POS gave it (parsed), and as it is sent with provide-payment-receipt. */
  receipt: Receipt;
  receivedAt: string;
  /** When the service accepted it; null while it waits in the outbox. */
  deliveredAt: string | null;
  attempts: number;
  lastAttemptAt: string | null;
  /** The last failure's code (NETWORK, SERVICE_UNAVAILABLE, an HTTP status...), null after success. */
  lastError: string | null;
  /** Set when the service refused the content for good (404, 400): no more retries. */
  refusedCode: string | null;
}
