import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Notice, NoticeKind } from '../../preload/contract.js';
import { money, type BillStore, type StoreEvent } from '../store/index.js';

const FILE = 'notices.json';
const KEEP = 200;
const PERSIST_DELAY_MS = 500;

/**
 * The cashier's notices: one per cause (a stable id such as "paid:<paymentId>"), so an event
 * delivered twice never makes a second one. Unacknowledged notices survive a restart.
 */
export function createNoticeBook(dataDir: string) {
  const file = join(dataDir, FILE);
  const notices = new Map<string, Notice>();
  if (existsSync(file)) {
    try {
      for (const n of JSON.parse(readFileSync(file, 'utf8')) as Notice[]) notices.set(n.id, n);
    } catch {
      // A damaged notices file only loses old notices, never a payment.
    }
  }
  // Written shortly after a change, not on every payment: a notice is derived from a payment that
  // is already committed in the store, so a crash can lose at most a reminder, never money.
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const open = [...notices.values()].filter((n) => !n.acknowledged).slice(-KEEP);
    writeFileSync(`${file}.tmp`, JSON.stringify(open));
    renameSync(`${file}.tmp`, file);
  };
  const persist = () => {
    timer ??= setTimeout(flush, PERSIST_DELAY_MS);
  };
  return {
    /** Adds a notice; false when one with that id was already there. */
    add(notice: Notice): boolean {
      if (notices.has(notice.id)) return false;
      notices.set(notice.id, notice);
      while (notices.size > KEEP * 2) notices.delete(notices.keys().next().value as string);
      persist();
      return true;
    },
    acknowledge(id: string): Notice | null {
      const n = notices.get(id);
      if (!n) return null;
      if (!n.acknowledged) {
        n.acknowledged = true;
        persist();
      }
      return n;
    },
    /** Writes pending changes now (on shutdown). */
    flush(): void {
      if (timer) flush();
    },
    open(): Notice[] {
      return [...notices.values()].filter((n) => !n.acknowledged);
    },
  };
}
export type NoticeBook = ReturnType<typeof createNoticeBook>;

const KIND_BY_EVENT: Partial<Record<StoreEvent['kind'], NoticeKind>> = {
  'payment.paid': 'paid',
  'payment.cancelled': 'declined',
  'payment.refunded': 'cancelled',
  'service.error': 'service-error',
};

/** The notice a store event calls for, if any. */
export function noticeFor(event: StoreEvent, store: BillStore): Notice | null {
  const kind = KIND_BY_EVENT[event.kind];
  if (!kind) return null;
  if (kind === 'service-error') {
    const message = typeof event.data.message === 'string' ? event.data.message : 'The payment service reported an error.';
    return { id: `service-error:${event.seq}`, kind, at: event.at, paymentId: null, tableName: null, amount: null, tip: null, currency: null, message, acknowledged: false };
  }
  // The payment events (payment-ops.ts) carry what a notice shows; only the table's name is looked up.
  const { amount, tip, currency, closedState } = event.data;
  if (!event.paymentId || typeof amount !== 'string' || typeof currency !== 'string') return null;
  const tableName = (event.tableId ? store.getTable(event.tableId)?.name : undefined) ?? (event.billId ? store.getBill(event.billId)?.name : undefined) ?? null;
  return {
    id: `${kind}:${event.paymentId}`,
    kind,
    at: event.at,
    paymentId: event.paymentId,
    tableName,
    amount: money(amount),
    tip: money(typeof tip === 'string' ? tip : '0'),
    currency,
    message: kind === 'declined' && typeof closedState === 'string' ? closedState : null,
    acknowledged: false,
  };
}
