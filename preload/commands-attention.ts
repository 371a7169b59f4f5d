import { z } from 'zod';
import { Id, NoInput, command, returns } from './command-kit.js';
import type { AttentionEntry, PaymentView, RecoveryOutcome } from './views.js';

/** Needs attention. Capture goes through capturePayment. */
export const ATTENTION_COMMANDS = {
  listAttention: command(NoInput, returns<AttentionEntry[]>()),
  /** Acknowledges an entry that only needs a look (a settled bill, a refused refund, a service error), with the cashier's note. */
  resolveAttention: command(z.object({ entryId: z.string().min(3).max(300), note: z.string().trim().max(500).optional() }), returns<null>()),
  /** Releases the items a payment locked (it ends LOCK_EXPIRED; a late PAID from the service still counts). */
  releaseLock: command(z.object({ paymentId: Id }), returns<PaymentView>()),
  /** Asks the service about the payment again and settles it from the answer, as recovery does. */
  retryRecovery: command(z.object({ paymentId: Id }), returns<{ outcome: RecoveryOutcome; payment: PaymentView }>()),
};
