import { z } from 'zod';
import { Currency, DecimalString, Id, NonNegativeDecimal, NoInput, Print, Settlement, command, returns } from './command-kit.js';
import type { BillView, PaymentView, QrCodeView, TableView } from './views.js';

/** Bills, through the same store operations as the local POS API; payments, through the service; the floor plan. */
export const BILL_COMMANDS = {
  /**
   * The views of a table's open bills, in the table's order (TableView.openBillIds): the screen reads
   * the bills it shows when it shows them, and again when their table's view changes (the core does
   * not push every bill's view to the screen).
   */
  billsOfTable: command(z.object({ tableId: Id }), returns<BillView[]>()),
  openBill: command(z.object({ tableId: Id, name: z.string().max(200).optional(), currency: Currency.optional() }), returns<BillView>()),
  addItem: command(
    z.object({
      billId: Id,
      name: z.string().trim().min(1, 'must not be empty').max(200),
      price: DecimalString,
      quantity: NonNegativeDecimal,
      menuId: Id.optional(),
    }),
    returns<BillView>(),
  ),
  setItemQuantity: command(z.object({ billId: Id, itemId: Id, quantity: NonNegativeDecimal }), returns<BillView>()),
  removeItem: command(z.object({ billId: Id, itemId: Id }), returns<BillView>()),
  /** With an amount still due, `settlement` says how it was settled. */
  closeBill: command(z.object({ billId: Id, settlement: Settlement.optional() }), returns<BillView>()),
  /** One payment's view: the page keeps only the newest settled ones and reads an older one when it shows it. */
  getPayment: command(z.object({ paymentId: Id }), returns<PaymentView>()),
  cancelPayment: command(z.object({ paymentId: Id }), returns<PaymentView>()),
  capturePayment: command(z.object({ paymentId: Id }), returns<PaymentView>()),
  acknowledgeNotice: command(z.object({ noticeId: Id }), returns<null>()),
  // The floor plan. `position` in fractions 0..1 of the plan; null takes the table off.
  setTablePosition: command(
    z.object({ tableId: Id, position: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).nullable() }),
    returns<TableView>(),
  ),
};

const TableIds = z.array(Id).min(1, 'choose at least one table').max(500, 'at most 500 tables at once');

/** QR codes from the service, and printing (Electron prints from a hidden window; browser mode answers UNSUPPORTED). */
export const QR_COMMANDS = {
  listQrCodes: command(NoInput, returns<QrCodeView[]>()),
  createQrCodes: command(z.object({ tableIds: TableIds }), returns<QrCodeView[]>()),
  deleteQrCode: command(z.object({ tableId: Id }), returns<null>()),
  printQrSheet: command(z.object({ tableIds: TableIds, mode: Print }), returns<{ pdfPath: string | null }>()),
  testPrint: command(NoInput, returns<null>()),
  listPrinters: command(NoInput, returns<string[]>()),
};
