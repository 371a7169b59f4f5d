import type { Feature } from '../../base/feature.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { receiptRoutes } from './pos-api.js';
import { receiptCommands, type ReceiptCommandDeps } from './receipt-commands.js';

/** Receipts from the main POS: view and print one; the POS API's receipt routes. */
export const receiptsFeature = {
  name: 'receipts',
  commands: receiptCommands,
  routes: receiptRoutes,
} satisfies Feature<ReceiptCommandDeps, PosApiStore>;
