import type { AttentionReader, AttentionWriter } from '../attention/attention-repo.js';
import type { BillsReader, BillsWriter } from '../bills-and-tables/bills-repo.js';
import type { HistoryReader } from '../events-and-history/history-repo.js';
import type { EventsReader, EventsWriter } from '../events-and-history/events-repo.js';
import type { MenuReader, MenuWriter } from '../orders-and-menu/menu-repo.js';
import type { OrdersReader, OrdersWriter } from '../orders-and-menu/orders-repo.js';
import type { PaymentsReader, PaymentsWriter } from '../payments/payments-repo.js';
import type { ReceiptsReader, ReceiptsWriter } from '../receipts/receipts-repo.js';
import type { PaymentLinksReader, PaymentLinksWriter } from '../payment-links/payment-links-repo.js';
import type { NewEvent, StoreEvent } from '../shared/records.js';
import type { TablesReader, TablesWriter } from '../bills-and-tables/tables-repo.js';

/** What anyone may read: the repositories' reader halves (prepared statements, no writes). */
export interface ReadTx {
  tables: TablesReader;
  bills: BillsReader;
  payments: PaymentsReader;
  /** Payments of a time range with when they were paid and refunded (the day report's source). */
  history: HistoryReader;
  menu: MenuReader;
  orders: OrdersReader;
  /** Needs attention (issue 13): the sources' SQL, and how entries were resolved. */
  attention: AttentionReader;
  /** receipts (issue 13): the POS's fiscal receipts and their delivery outbox. */
  receipts: ReceiptsReader;
  /** Payment links this till created (issue 13). */
  paymentLinks: PaymentLinksReader;
}

/** Only `asWriteTx` mints it, and only the transaction wrapper (transactions.ts) calls that. */
declare const WRITE_TX: unique symbol;

/** The repositories a write works with: each reader half with its writer half. */
export interface WriteRepos {
  tables: TablesReader & TablesWriter;
  bills: BillsReader & BillsWriter;
  payments: PaymentsReader & PaymentsWriter;
  menu: MenuReader & MenuWriter;
  orders: OrdersReader & OrdersWriter;
  receipts: ReceiptsReader & ReceiptsWriter;
  paymentLinks: PaymentLinksReader & PaymentLinksWriter;
  events: EventsReader & EventsWriter;
  attention: AttentionReader & AttentionWriter;
}

/**
 * What a write sees inside its one transaction: the readers plus the writer halves. Every writer
 * function takes the WriteTx as its first argument, so a write outside a transaction (with a
 * ReadTx, the database, or a hand-made object) does not compile (Signal-Desktop's WritableDB).
 */
export interface WriteTx extends WriteRepos {
  readonly [WRITE_TX]: true;
  /** Commit time of this transaction, ISO 8601 UTC, and as ms epoch. */
  now: string;
  nowMs: number;
  /** Appends an event in this transaction; listeners hear of it after the commit. */
  emit(event: NewEvent): void;
}

/** The repositories prepared on one connection (main/store/repos.ts makes them). */
export interface Repos {
  read: ReadTx;
  events: EventsReader;
  both: WriteRepos;
  /** Hears every commit's events right after it (a repository's memory of what is committed). */
  heard(events: readonly StoreEvent[]): void;
}

/** Brands a transaction's handle. Call it only where the transaction has begun (transactions.ts). */
export function asWriteTx(handle: Omit<WriteTx, typeof WRITE_TX>): WriteTx {
  return handle as WriteTx;
}
