import type { Migration } from './migration.js';

/**
 * How a payment that was not paid ended, in the store's own word (docs/decisions/019): declined,
 * cancelled (before payment), timed_out (our lock release), abandoned (the service ended it without
 * a paymentClosed; found by asking) or refunded. The service's closedState alone cannot tell them
 * apart: it says CANCELLED for most. Rows already closed get the word their columns allow.
 */
export const migration019: Migration = {
  version: 19,
  name: 'payment-ending',
  up(db) {
    db.exec(`
      ALTER TABLE payments ADD COLUMN ending TEXT
        CHECK (ending IN ('declined', 'cancelled', 'timed_out', 'abandoned', 'refunded'));
      UPDATE payments SET ending = CASE
          WHEN refundedAt IS NOT NULL THEN 'refunded'
          WHEN closedState = 'LOCK_EXPIRED' THEN 'timed_out'
          WHEN closedState = 'NOT_FOUND' THEN 'abandoned'
          WHEN closedState = 'DECLINED' THEN 'declined'
          WHEN processedAt IS NULL THEN 'declined'
          ELSE 'cancelled' END
        WHERE state = 'CANCELLED';
    `);
  },
};
