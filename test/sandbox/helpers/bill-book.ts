import { Decimal } from 'decimal.js';
import type { Bill, MethodError, Payment } from '../../../main/base/wire/index.js';

export type Outcome = { result: unknown } | { error: MethodError };

interface Line {
  id: string;
  name: string;
  price: string;
  quantity: Decimal;
  paid: Decimal;
  locked: Decimal;
}

/**
 * A tiny in-test POS: bills on tables, with the payment semantics of docs/PROTOCOL.md §2 (lock on
 * paymentStart, pay or unlock on paymentClosed, idempotent). Decimal arithmetic throughout.
 */
export class BillBook {
  private readonly bills = new Map<string, { tableId: string; currency: string; lines: Line[] }>();
  private readonly payments = new Map<string, { payment: Payment; closed: string | null }>();
  /** Every paymentClosed the POS received, in order (duplicates included). */
  readonly closedCalls: { id: string; state: string }[] = [];

  addBill(tableId: string, idBill: string, items: { id: string; name: string; price: string; quantity: string }[], currency = 'CZK'): this {
    this.bills.set(idBill, {
      tableId,
      currency,
      lines: items.map((i) => ({ ...i, quantity: new Decimal(i.quantity), paid: new Decimal(0), locked: new Decimal(0) })),
    });
    return this;
  }

  /** Unpaid quantity of a line (not counting locked). */
  unpaid(idBill: string, itemId: string): string {
    const line = this.bills.get(idBill)?.lines.find((l) => l.id === itemId);
    return line ? line.quantity.minus(line.paid).toFixed() : 'missing';
  }

  locked(idBill: string, itemId: string): string {
    const line = this.bills.get(idBill)?.lines.find((l) => l.id === itemId);
    return line ? line.locked.toFixed() : 'missing';
  }

  private wire(idBill: string): Bill {
    const b = this.bills.get(idBill)!;
    return {
      id: idBill,
      currency: b.currency,
      allowTip: true,
      allowPartialPayment: true,
      denyDiscounts: false,
      items: b.lines
        .map((l) => ({ id: l.id, name: l.name, price: l.price, quantity: l.quantity.minus(l.paid).minus(l.locked).toFixed(), minQuantity: '1', tags: [] }))
        .filter((i) => new Decimal(i.quantity).gt(0)),
    };
  }

  handle(method: string, args: unknown[]): Outcome {
    switch (method) {
      case 'noop':
        return { result: null };
      case 'getTableContents':
        return {
          result: [...this.bills.entries()]
            .filter(([, b]) => b.tableId === args[0])
            .map(([id]) => this.wire(id))
            .filter((b) => b.items.length > 0),
        };
      case 'getBill':
        return this.bills.has(String(args[0])) ? { result: this.wire(String(args[0])) } : { error: { code: 'BILL_NOT_FOUND', message: 'no such bill' } };
      case 'paymentStart':
        return this.start(args[0] as Payment);
      case 'paymentProcessed': {
        const p = this.payments.get(String(args[0]));
        if (!p) return { error: { code: 'PAYMENT_NOT_FOUND', message: 'unknown payment' } };
        return {
          result: {
            receiptInfo: { billName: p.payment.idBill, timestamp: new Date().toISOString(), serial: `R-${p.payment.id.slice(0, 8)}` },
            items: p.payment.items,
            taxInfo: [],
            fiscalInfo: null,
            receiptDeliveryType: 'QERKO_GENERATED',
          },
        };
      }
      case 'paymentClosed':
        return this.close(String(args[0]), String(args[1]));
      default:
        return { error: { code: 'METHOD_NOT_SUPPORTED', message: `no method ${method}` } };
    }
  }

  private start(payment: Payment): Outcome {
    const bill = this.bills.get(payment.idBill);
    if (!bill) return { error: { code: 'BILL_NOT_FOUND', message: 'no such bill' } };
    for (const item of payment.items) {
      const line = bill.lines.find((l) => l.id === item.id);
      if (!line || line.price !== item.price || line.quantity.minus(line.paid).minus(line.locked).lt(item.quantity)) {
        return { error: { code: 'ITEMS_CHANGED', message: `item ${item.id} changed` } };
      }
    }
    for (const item of payment.items) bill.lines.find((l) => l.id === item.id)!.locked = bill.lines.find((l) => l.id === item.id)!.locked.plus(item.quantity);
    this.payments.set(payment.id, { payment, closed: null });
    return { result: null };
  }

  private close(id: string, state: string): Outcome {
    this.closedCalls.push({ id, state });
    const p = this.payments.get(id);
    if (!p || p.closed) return { result: null }; // unknown or repeated: nothing changes
    p.closed = state;
    const bill = this.bills.get(p.payment.idBill)!;
    for (const item of p.payment.items) {
      const line = bill.lines.find((l) => l.id === item.id)!;
      line.locked = line.locked.minus(item.quantity);
      if (state === 'PAID') line.paid = line.paid.plus(item.quantity);
    }
    return { result: null };
  }
}
