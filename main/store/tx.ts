import type { BillsRepo } from './bills-repo.js';
import type { EventsRepo } from './events-repo.js';
import type { PaymentsRepo } from './payments-repo.js';
import type { NewEvent } from './records.js';
import type { TablesRepo } from './tables-repo.js';

/** What a write operation sees inside its one transaction. */
export interface Tx {
  tables: TablesRepo;
  bills: BillsRepo;
  payments: PaymentsRepo;
  events: EventsRepo;
  /** Commit time of this transaction, ISO 8601 UTC, and as ms epoch. */
  now: string;
  nowMs: number;
  /** Appends an event in this transaction; listeners hear of it after the commit. */
  emit(event: NewEvent): void;
}
