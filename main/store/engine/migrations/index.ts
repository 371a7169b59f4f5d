import type { Migration } from './migration.js';
import { migration001 } from './001-initial.js';
import { migration002 } from './002-receipt-serial.js';
import { migration003 } from './003-bill-pages.js';
import { migration004 } from './004-day-report.js';
import { migration005 } from './005-table-plan.js';
import { migration006 } from './006-bill-settlement.js';
import { migration007 } from './007-menu-orders.js';
import { migration008 } from './008-attention.js';
import { migration009 } from './009-payment-receipts.js';
import { migration010 } from './010-payment-links.js';
import { migration011 } from './011-payment-event-times.js';
import { migration012 } from './012-payment-times.js';
import { migration013 } from './013-event-log-rowid.js';
import { migration014 } from './014-guest-lines.js';
import { migration015 } from './015-pos-cursor.js';
import { migration016 } from './016-waiters-and-tenders.js';
import { migration017 } from './017-payment-link-state.js';
import { migration018 } from './018-idempotency-keys.js';
import { migration019 } from './019-payment-ending.js';
import { migration020 } from './020-staff-devices.js';

export type { Migration } from './migration.js';

/** Every migration in order; the last one's version is the schema this app writes. */
export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]?.version ?? 0;
