import type { PaidLinksTotal } from '../../../preload/contract.js';
import type { ReadTx } from '../../store/index.js';
import { Decimal } from '../../store/shared/decimal.js';
import type { TimeRange } from './day-range.js';
import { exactMoney } from './payment-history.js';

/**
 * The payment links paid within a day, in the report's currency: their own line of the close of
 * day. The guests paid them at the service, not at a table, so they are apart from the payments'
 * totals (never counted twice). A link counts on the day the service says it was paid.
 */
export function paidLinksOfDay(read: Pick<ReadTx, 'paymentLinks'>, range: TimeRange, currency: string): PaidLinksTotal {
  const rows = read.paymentLinks.paidBetween(new Date(range.from).toISOString(), new Date(range.to).toISOString());
  let amount = new Decimal(0);
  let count = 0;
  for (const row of rows) {
    if (row.currency !== currency) continue;
    count += 1;
    amount = amount.plus(row.paymentAmount);
  }
  return { count, amount: exactMoney(amount) };
}
