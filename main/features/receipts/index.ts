export { createReceiptSender, type ReceiptSender, type ReceiptSenderOptions } from './receipt-sender.js';
export { receiptView } from './receipt-view.js';
