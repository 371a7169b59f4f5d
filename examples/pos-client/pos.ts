import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect, write, type ApiOptions, type PosApiClient, type RetryPolicy, type WriteStats } from './api.js';
import { fileCursor, type Cursor } from './cursor.js';
import type { components } from './pos-api.js';

/**
 * A small reference POS against Tableside's local POS API. Who owns what:
 * - tables, bills and the menu are the POS's: it pushes them whole (PUT), Tableside never edits them;
 * - lines a guest ordered at the table are Tableside's until the POS takes them in (takeInGuestLines);
 * - the POS acknowledges the events it has stored (acknowledgeEvents), so the till knows it has them;
 * - payments are the service's: the POS learns of them from the event log and gives fiscal receipts.
 * Every write carries an Idempotency-Key and is retried with it (api.ts write()).
 */

export type Event = components['schemas']['Event'];
/** A line a guest ordered, as order.created's data.lines gives it. */
type GuestLine = { id: string; name: string; price: string; quantity: string };
type MenuInput = components['schemas']['MenuInput'];

export interface PosLine {
  id: string;
  name: string;
  price: string;
  quantity: string;
  tags?: string[];
}

export interface PosBill {
  id: string;
  tableId: string;
  name: string | null;
  currency: string;
  items: PosLine[];
  closed: boolean;
}

/** The POS's own records (a real POS has its database): kept in <stateDir>/pos-data.json. */
export interface PosData {
  /** The evening's date: part of the keys of the closing writes. */
  evening: string;
  tables: { id: string; name: string; area?: string }[];
  menu: MenuInput['menus'];
  bills: Record<string, PosBill>;
  /** The fiscal receipts this POS issued, by payment: the same serial and time on every retry. */
  receipts: Record<string, { serial: string; timestamp: string }>;
  fiscalSerial: number;
  /** Guest orders taken in. */
  orders: string[];
}

export interface ReferencePosOptions extends ApiOptions {
  /** Where the cursor file and the POS's records live; a restart with the same dir resumes. */
  stateDir: string;
  retry?: RetryPolicy;
  /** Events per page (1..1000). */
  pageSize?: number;
  log?: (line: string) => void;
}

export interface ReferencePos {
  readonly data: PosData;
  readonly cursor: Cursor;
  /** What the writes did (retries, replays), and the events handled, in order. */
  readonly stats: WriteStats & { handled: Event[] };
  /** Pushes the menu, the tables and the bills of the evening. */
  openEvening(evening: Omit<PosData, 'receipts' | 'fiscalSerial' | 'orders'>): Promise<void>;
  /** A waiter adds a line at the POS: the POS's bill, pushed whole. */
  addLine(billId: string, line: PosLine): Promise<void>;
  /** Reads the event log from the cursor to its end, handling each event; returns how many were handled. */
  syncEvents(): Promise<number>;
  /** Closes every bill still open, settling at the till what guests did not pay. */
  closeEvening(): Promise<void>;
}

const DATA_FILE = 'pos-data.json';

function loadData(dir: string): PosData | null {
  const file = join(dir, DATA_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PosData) : null;
}

function saveData(dir: string, data: PosData): void {
  const file = join(dir, DATA_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(data, null, 2));
  renameSync(`${file}.tmp`, file);
}

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

export function openReferencePos(options: ReferencePosOptions): ReferencePos {
  mkdirSync(options.stateDir, { recursive: true });
  const api: PosApiClient = connect(options);
  const cursor = fileCursor(options.stateDir);
  const log = options.log ?? (() => undefined);
  const data: PosData = loadData(options.stateDir) ?? { evening: '', tables: [], menu: [], bills: {}, receipts: {}, fiscalSerial: 0, orders: [] };
  const stats: WriteStats & { handled: Event[] } = { sent: [], replayed: 0, retried: 0, handled: [] };
  const save = () => saveData(options.stateDir, data);
  const retry = options.retry ? { retry: options.retry } : {};
  const id = (value: string) => ({ path: { id: value } });

  async function pushBill(bill: PosBill): Promise<void> {
    await write(
      `PUT /v1/bills/${bill.id}`,
      (headers) =>
        api.PUT('/v1/bills/{id}', {
          params: id(bill.id),
          body: { tableId: bill.tableId, name: bill.name, currency: bill.currency, items: bill.items },
          headers,
        }),
      stats,
      retry,
    );
  }

  /**
   * Takes the lines a guest ordered onto the POS's bill: from here on they are the POS's, pushed
   * with the rest of the bill. They come with the order.created event (ids, names, prices); the POS
   * keeps them in its own record, then tells Tableside it has them (POST /v1/bills/{id}/take-in).
   * Until then a PUT that leaves them out keeps them (its answer lists them in guestLinesKept).
   */
  async function takeInGuestLines(billId: string, orderId: string, lines: GuestLine[]): Promise<void> {
    const bill = data.bills[billId];
    if (!bill || lines.length === 0) return; // not a bill of this POS: nothing to take in
    const known = new Set(bill.items.map((l) => l.id));
    for (const line of lines) {
      if (!known.has(line.id)) bill.items.push({ id: line.id, name: line.name, price: line.price, quantity: line.quantity });
    }
    save();
    await write(
      `POST /v1/bills/${billId}/take-in`,
      (headers) => api.POST('/v1/bills/{id}/take-in', { params: id(billId), body: { lineIds: lines.map((l) => l.id) }, headers }),
      stats,
      { key: `take-in-${orderId}`, ...retry },
    );
  }

  /** order.created: take the lines in, then accept the order (the guest sees it accepted). */
  async function takeInGuestOrder(event: Event): Promise<void> {
    const orderId = String(event.data.orderId);
    const order = (await api.GET('/v1/orders/{id}', { params: id(orderId) })).data;
    // Handled before (a restart after the work, before the cursor moved) or cancelled meanwhile.
    if (!order || order.status !== 'NEW') return;
    const lines = Array.isArray(event.data.lines) ? (event.data.lines as GuestLine[]) : [];
    if (event.billId) await takeInGuestLines(event.billId, orderId, lines);
    // Its key comes from the order: after a restart the same decision is the same write.
    await write(
      `POST /v1/orders/${orderId}/status`,
      (headers) => api.POST('/v1/orders/{id}/status', { params: id(orderId), body: { status: 'ACCEPTED' }, headers }),
      stats,
      { key: `order-${orderId}-accepted`, ...retry },
    );
    data.orders.push(orderId);
    save();
  }

  /** payment.paid: a payment waiting for the POS's fiscal receipt gets one (receiptMode POSTPONED). */
  async function attachFiscalReceipt(paymentId: string): Promise<void> {
    const receipt = (await api.GET('/v1/payments/{id}/receipt', { params: id(paymentId) })).data;
    if (!receipt || receipt.delivery.state !== 'waiting-for-pos') return; // the service made it, or it was given
    // The fiscal printer's serial, kept before it is sent: a retry sends the same receipt.
    const issued = (data.receipts[paymentId] ??= { serial: `F-${++data.fiscalSerial}`, timestamp: new Date().toISOString() });
    save();
    await write(
      `PUT /v1/payments/${paymentId}/receipt`,
      (headers) =>
        api.PUT('/v1/payments/{id}/receipt', {
          params: id(paymentId),
          body: {
            receiptInfo: { billName: receipt.billName, timestamp: issued.timestamp, serial: issued.serial },
            items: receipt.items.map((line, n) => ({ id: String(n + 1), name: line.name, price: line.price, quantity: line.quantity })),
            fiscalInfo: { printer: 'reference-pos', serial: issued.serial },
          },
          headers,
        }),
      stats,
      { key: `receipt-${paymentId}`, ...retry },
    );
  }

  async function handle(event: Event): Promise<void> {
    switch (event.kind) {
      case 'order.created':
        await takeInGuestOrder(event);
        break;
      case 'payment.paid':
        await attachFiscalReceipt(event.paymentId!);
        break;
      case 'bill.closed': {
        // Closed by the till (closeEvening) or by itself once fully paid (autoCloseBills).
        const bill = event.billId ? data.bills[event.billId] : undefined;
        if (bill && !bill.closed) {
          bill.closed = true;
          save();
        }
        break;
      }
      default:
        return; // the echo of this POS's own writes, and what it does not act on
    }
    log(`handled ${event.seq} ${event.kind}`);
  }

  /**
   * Tells Tableside the POS has stored what it did for every event up to `seq`
   * (POST /v1/events/ack): its payments show "POS notified", and one the POS has not taken in within
   * a minute becomes "unsynced" at the till. Called after the cursor file moved, never on reading alone.
   */
  async function acknowledgeEvents(seq: number): Promise<void> {
    // No key needed: the cursor only moves forward, so a repeated acknowledgement changes nothing.
    await write('POST /v1/events/ack', (headers) => api.POST('/v1/events/ack', { body: { seq }, headers }), stats, retry);
  }

  return {
    data,
    cursor,
    stats,
    async openEvening(evening) {
      Object.assign(data, evening);
      save();
      await write('PUT /v1/menu', (headers) => api.PUT('/v1/menu', { body: { menus: data.menu }, headers }), stats, retry);
      for (const table of data.tables) {
        await write(
          `PUT /v1/tables/${table.id}`,
          (headers) => api.PUT('/v1/tables/{id}', { params: id(table.id), body: { name: table.name, area: table.area ?? null }, headers }),
          stats,
          retry,
        );
      }
      for (const bill of Object.values(data.bills)) await pushBill(bill);
    },
    async addLine(billId, line) {
      const bill = data.bills[billId];
      if (!bill) throw new Error(`no bill ${billId}`);
      bill.items.push(line);
      save();
      await pushBill(bill);
    },
    async syncEvents() {
      let handled = 0;
      for (;;) {
        const page = await api.GET('/v1/events', { params: { query: { after: String(cursor.get()), limit: String(options.pageSize ?? 200) } } });
        if (!page.data) throw new Error(`GET /v1/events answered ${page.response.status}`);
        const events = page.data as Event[];
        for (const event of events) {
          await handle(event);
          stats.handled.push(event);
          // After the work: a crash in between handles the event again, which each handler allows.
          cursor.set(event.seq);
          handled++;
        }
        if (events.length > 0) await acknowledgeEvents(cursor.get());
        if (events.length < (options.pageSize ?? 200)) return handled;
      }
    },
    async closeEvening() {
      for (const bill of Object.values(data.bills)) {
        if (bill.closed) continue;
        const current = (await api.GET('/v1/bills/{id}', { params: id(bill.id) })).data;
        if (current && current.state !== 'CLOSED') {
          const due = current.totals.due;
          // Its key names the bill and the evening: a retry after a restart is the same close.
          await write(
            `DELETE /v1/bills/${bill.id}`,
            (headers) =>
              api.DELETE('/v1/bills/{id}', {
                params: id(bill.id),
                ...(isZero(due) ? {} : { body: { settlement: { method: 'cash' as const, note: `${due} ${current.currency} paid at the till` } } }),
                headers,
              }),
            stats,
            { key: `close-${bill.id}-${data.evening}`, ...retry },
          );
        }
        bill.closed = true;
        save();
      }
    },
  };
}
