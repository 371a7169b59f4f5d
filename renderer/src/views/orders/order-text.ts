// Words of the order inbox: an order's name (its table or pickup time), its sorting, and refusals
// worded from their codes. The rules (next steps, the cancel deadline) are main's, in OrderView.
import type { i18n as I18n, TFunction } from 'i18next';
import type { OrderDecision, OrderStatus, OrderView } from '../../../../preload/contract';
import { formatClock } from '../../format/time-text';
import { wordError } from '../common/command-error';
import type { CommandError } from '../common/use-command';

/** What the staff may do next, in the order the buttons show: main decides (OrderView.nextSteps). */
export function nextSteps(order: OrderView): readonly OrderDecision[] {
  return order.nextSteps;
}

/** Still waiting for the staff (in the open list); the rest is today's history. */
export function isOpen(order: OrderView): boolean {
  return nextSteps(order).length > 0;
}

/** "Table 5", a named table as it is ("Bar 1"), or "Pickup 18:30". */
export function orderName(t: TFunction, order: OrderView, language: string): string {
  if (order.deliveryType === 'byCustomer') {
    return order.pickupAt ? t('orders.pickup', { time: formatClock(order.pickupAt, language) }) : t('orders.pickupNoTime');
  }
  const name = order.tableName ?? '?';
  return /^\d+$/.test(name) ? t('orders.table', { name }) : name;
}

/** When the service cancels an unanswered order (ms since epoch), or null once it is answered (main's OrderView.cancelsAt). */
export function cancelsAt(order: OrderView): number | null {
  return order.cancelsAt === null ? null : Date.parse(order.cancelsAt);
}

/** The time left as m:ss ("1:30"); zero or less reads "0:00". */
export function minutesLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export function isOverdue(order: OrderView, now: number): boolean {
  return order.overdueAt !== null && order.status === 'NEW' && order.closedState === null && now >= Date.parse(order.overdueAt);
}

/** NEW first (oldest first: the most urgent), then by how far along, each oldest first. */
const RANK: Record<OrderStatus, number> = { NEW: 0, ACCEPTED: 1, PREPARING: 2, READY: 3, COMPLETE: 4, REJECTED: 4, CANCELLED: 4 };

export function sortOpen(orders: OrderView[]): OrderView[] {
  return [...orders].sort((a, b) => RANK[a.status] - RANK[b.status] || a.created.localeCompare(b.created));
}

export function sortDone(orders: OrderView[]): OrderView[] {
  return [...orders].sort((a, b) => b.updated.localeCompare(a.updated));
}

/** The inbox's own words for the order codes first, then the app's general wording. */
export function orderErrorText(t: TFunction, i18n: I18n, error: CommandError): string {
  const key = `orders.errors.${error.code}`;
  return i18n.exists(key) ? t(key) : wordError(t, i18n, error);
}
