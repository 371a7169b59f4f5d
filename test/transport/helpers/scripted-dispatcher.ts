import { Decimal } from 'decimal.js';
import type { MethodDispatcher, MethodOutcome, TransportKind } from '../../../main/base/method-types.js';
import { METHOD_ARGS, METHOD_ERROR, parseWith, type Bill, type Item, type PosMethod } from '../../../main/base/wire/index.js';

export interface RecordedCall {
  method: string;
  args: unknown[];
  transport: TransportKind | undefined;
  callId: string | null | undefined;
  outcome: MethodOutcome;
}

interface BillEntry {
  tableId: string;
  bill: Bill;
  paid: Map<string, Decimal>;
  locked: Map<string, Decimal>;
  lockedBy: string | null;
}

/**
 * A small POS for transport tests: answers the service's methods from an in-memory bill, records
 * every call, and lets a test wait for a call. The real store replaces it in the companion.
 */
export class ScriptedDispatcher implements MethodDispatcher {
  readonly calls: RecordedCall[] = [];
  private readonly bills = new Map<string, BillEntry>();
  private readonly payments = new Map<string, { billId: string; items: { id: string; quantity: Decimal }[]; state: string }>();
  private readonly waiters = new Set<() => void>();

  constructor(tables: { tableId: string; bill: Bill }[] = [defaultTable()]) {
    for (const { tableId, bill } of tables) this.bills.set(bill.id, { tableId, bill, paid: new Map(), locked: new Map(), lockedBy: null });
  }

  async handle(method: string, args: unknown[], context?: { transport: TransportKind; callId?: string | null }): Promise<MethodOutcome> {
    const outcome = this.answer(method, args);
    this.calls.push({ method, args, transport: context?.transport, callId: context?.callId, outcome });
    for (const wake of [...this.waiters]) wake();
    return outcome;
  }

  /** Resolves with the first recorded call (past or future) that matches; rejects after the deadline. */
  waitForCall(predicate: (call: RecordedCall) => boolean, timeoutMs = 15_000): Promise<RecordedCall> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.calls.find(predicate);
        if (!hit) return false;
        cleanup();
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching call within ${timeoutMs} ms; calls: ${this.calls.map((c) => c.method).join(', ')}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = () => void check();
      this.waiters.add(wake);
      check();
    });
  }

  unpaid(billId: string, itemId: string): string {
    const entry = this.bills.get(billId)!;
    const item = entry.bill.items.find((i) => i.id === itemId)!;
    return new Decimal(item.quantity).minus(entry.paid.get(itemId) ?? 0).toString();
  }

  private answer(method: string, args: unknown[]): MethodOutcome {
    if (!(method in METHOD_ARGS)) return fail(METHOD_ERROR.METHOD_NOT_SUPPORTED, `method ${method} is not supported`);
    const parsed = parseWith(METHOD_ARGS[method as PosMethod], args);
    if (!parsed.ok) return fail(METHOD_ERROR.INVALID_ARGUMENTS, parsed.error);
    const a = parsed.value as unknown[];
    switch (method as PosMethod) {
      case 'noop':
      case 'error':
        return { result: null };
      case 'getTableList':
        return { result: [...this.bills.values()].map((b) => ({ id: b.tableId, name: `Table ${b.tableId}` })) };
      case 'getTableContents':
        return { result: [...this.bills.values()].filter((b) => b.tableId === a[0]).map((b) => this.view(b)) };
      case 'getBill': {
        const entry = this.bills.get(a[0] as string);
        return entry ? { result: this.view(entry) } : fail(METHOD_ERROR.BILL_NOT_FOUND, 'no such bill');
      }
      case 'paymentStart':
        return this.start(a[0] as { id: string; idBill: string; items: { id: string; quantity: string }[] });
      case 'paymentProcessed':
      case 'getPostponedReceipt': {
        const payment = this.payments.get(a[0] as string);
        if (!payment) return fail(METHOD_ERROR.PAYMENT_NOT_FOUND, 'no such payment');
        const now = new Date().toISOString();
        return {
          result: {
            receiptInfo: { billName: null, timestamp: now, serial: `R-${a[0] as string}` },
            items: [],
            taxInfo: [],
            fiscalInfo: null,
            receiptDeliveryType: 'QERKO_GENERATED',
          },
        };
      }
      case 'paymentClosed':
        return this.close(a[0] as string, a[1] as string);
      default:
        // The menu and order methods are the real dispatcher's (test/methods, test/transport/order-methods).
        return fail(METHOD_ERROR.METHOD_NOT_SUPPORTED, `the scripted POS does not answer ${method}`);
    }
  }

  private start(payment: { id: string; idBill: string; items: { id: string; quantity: string }[] }): MethodOutcome {
    const entry = this.bills.get(payment.idBill);
    if (!entry) return fail(METHOD_ERROR.BILL_NOT_FOUND, 'no such bill');
    if (entry.lockedBy && entry.lockedBy !== payment.id) return fail(METHOD_ERROR.BILL_LOCKED, 'another payment is running');
    const items = payment.items.map((i) => ({ id: i.id, quantity: new Decimal(i.quantity) }));
    for (const item of items) {
      if (new Decimal(this.unpaid(entry.bill.id, item.id)).lessThan(item.quantity)) return fail(METHOD_ERROR.ITEMS_CHANGED, `item ${item.id} changed`);
    }
    entry.lockedBy = payment.id;
    for (const item of items) entry.locked.set(item.id, item.quantity);
    this.payments.set(payment.id, { billId: entry.bill.id, items, state: 'STARTED' });
    return { result: null };
  }

  private close(paymentId: string, state: string): MethodOutcome {
    const payment = this.payments.get(paymentId);
    if (!payment || payment.state !== 'STARTED') return { result: null }; // repeated or unknown: no change
    const entry = this.bills.get(payment.billId)!;
    payment.state = state;
    if (state === 'PAID') for (const i of payment.items) entry.paid.set(i.id, (entry.paid.get(i.id) ?? new Decimal(0)).plus(i.quantity));
    entry.locked.clear();
    entry.lockedBy = null;
    return { result: null };
  }

  private view(entry: BillEntry): Bill {
    const items: Item[] = entry.bill.items
      .map((i) => ({
        ...i,
        quantity: new Decimal(i.quantity)
          .minus(entry.paid.get(i.id) ?? 0)
          .minus(entry.locked.get(i.id) ?? 0)
          .toString(),
      }))
      .filter((i) => new Decimal(i.quantity).greaterThan(0));
    return { ...entry.bill, items };
  }
}

function fail(code: string, message: string): MethodOutcome {
  return { error: { code, message } };
}

export function defaultTable(): { tableId: string; bill: Bill } {
  return {
    tableId: 'T1',
    bill: {
      id: 'B1',
      currency: 'CZK',
      name: 'Table 1',
      items: [
        { id: 'I1', name: 'Pilsner', price: '62.50', quantity: '2', minQuantity: '1', tags: [] },
        { id: 'I2', name: 'Goulash', price: '189', quantity: '1', minQuantity: '1', tags: [] },
      ],
      allowTip: true,
      allowPartialPayment: true,
      denyDiscounts: false,
    },
  };
}
