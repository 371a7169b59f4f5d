import { z } from 'zod';
import { Id, Print, command, returns } from './command-kit.js';
import type { PaymentReceiptView } from './views.js';

/** Receipts: any payment's receipt, and printing it like the day report. */
export const RECEIPT_COMMANDS = {
  /** RECEIPT_NOT_FOUND when the payment is unknown or never reached paymentProcessed. */
  getPaymentReceipt: command(z.object({ paymentId: Id }), returns<PaymentReceiptView>()),
  /** Electron prints print.html?receipt=<id> from a hidden window; browser mode answers UNSUPPORTED and the page prints itself. */
  printReceipt: command(z.object({ paymentId: Id, mode: Print }), returns<{ pdfPath: string | null }>()),
};
