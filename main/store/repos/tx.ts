import type { StoreEngine as Engine } from '../engine/open-engine.js';
import type { Transactions as EngineTransactions } from '../engine/transactions.js';
import type { Repos as EngineRepos, WriteTx as EngineWriteTx } from '../engine/tx.js';
import type { AttentionReader, AttentionWriter } from './attention-repo.js';
import type { BillsReader, BillsWriter } from './bills-repo.js';
import type { EventsReader, EventsWriter } from './events-repo.js';
import type { HistoryReader } from './history-repo.js';
import type { IdempotencyReader, IdempotencyWriter } from './idempotency-repo.js';
import type { MenuReader, MenuWriter } from './menu-repo.js';
import type { OrdersReader, OrdersWriter } from './orders-repo.js';
import type { PaymentLinksReader, PaymentLinksWriter } from './payment-links-repo.js';
import type { PaymentsReader, PaymentsWriter } from './payments-repo.js';
import type { PosCursorReader, PosCursorWriter } from './pos-cursor-repo.js';
import type { ReceiptsReader, ReceiptsWriter } from './receipts-repo.js';
import type { StaffReader, StaffWriter } from './staff-repo.js';
import type { TablesReader, TablesWriter } from './tables-repo.js';

/** What anyone may read: the repositories' reader halves (prepared statements, no writes). */
export interface ReadTx {
  tables: TablesReader;
  bills: BillsReader;
  payments: PaymentsReader;
  /** Payments of a time range with when they were paid and refunded (the day report's source). */
  history: HistoryReader;
  menu: MenuReader;
  orders: OrdersReader;
  /** Needs attention: the sources' SQL, and how entries were resolved. */
  attention: AttentionReader;
  /** The POS's fiscal receipts and their delivery outbox. */
  receipts: ReceiptsReader;
  /** Payment links this till created. */
  paymentLinks: PaymentLinksReader;
  /** The POS API's Idempotency-Key answers. */
  idempotency: IdempotencyReader;
  /** What the main POS acknowledged of the event log (migration 015). */
  posCursor: PosCursorReader;
  /** Waiters' phones paired from the till (migration 020). */
  staff: StaffReader;
}

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
  idempotency: IdempotencyReader & IdempotencyWriter;
  posCursor: PosCursorReader & PosCursorWriter;
  staff: StaffReader & StaffWriter;
}

/** What a write sees inside its one transaction: the readers plus the writer halves (engine/tx.ts). */
export type WriteTx = EngineWriteTx<WriteRepos>;

/** The repositories prepared on one connection (repos.ts makes them). */
export type Repos = EngineRepos<ReadTx, EventsReader, WriteRepos>;

/** What the transaction wrapper offers the domains' stores. */
export type Transactions = EngineTransactions<Repos>;

/** What the engine offers beside the domains: group commits, the readers, and close. */
export type StoreEngine = Engine<ReadTx>;
