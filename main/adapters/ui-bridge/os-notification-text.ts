import type { Language, Notice, OrderView } from '../../../preload/contract.js';

/** The OS notification's words; the renderer has its own translations for the in-app notice. */
const TEXT = {
  en: {
    paid: 'paid',
    of: 'of',
    left: 'left',
    declined: 'Card declined',
    failed: 'Payment not completed',
    refunded: 'Payment refunded',
    capture: 'Capture needed',
    error: 'Message from the payment service',
    tip: 'tip',
    table: 'Table',
  },
  cs: {
    paid: 'zaplatil',
    of: 'z',
    left: 'zbývá',
    declined: 'Karta zamítnuta',
    failed: 'Platba nebyla dokončena',
    refunded: 'Platba vrácena',
    capture: 'Čeká na stržení',
    error: 'Zpráva platební služby',
    tip: 'spropitné',
    table: 'Stůl',
  },
} as const;

export function osNotificationText(notice: Notice, language: Language): { title: string; body: string } {
  const t = TEXT[language];
  const where = notice.tableName ?? t.table;
  const amount = notice.amount && notice.currency ? `${notice.amount} ${notice.currency}` : '';
  const tip = notice.tip && notice.tip !== '0.00' ? ` + ${notice.tip} ${t.tip}` : '';
  const partial = notice.billDue && notice.billTotal && notice.billDue !== '0.00' ? ` ${t.of} ${notice.billTotal}, ${notice.billDue} ${t.left}` : '';
  switch (notice.kind) {
    case 'paid':
      return { title: `${where} ${t.paid}`, body: `${amount}${partial}${tip}` };
    case 'declined':
      return { title: t.declined, body: `${where}: ${amount}` };
    case 'failed':
      return { title: t.failed, body: `${where}: ${amount}` };
    case 'cancelled':
    case 'refunded':
      return { title: t.refunded, body: `${where}: ${amount}` };
    case 'capture':
      return { title: t.capture, body: `${where}: ${amount}` };
    default:
      return { title: t.error, body: notice.message ?? '' };
  }
}

// A guest's new order, in the cashier's language.
const ORDER_TEXT = {
  en: { title: 'New order', pickup: 'Pickup', paid: 'paid' },
  cs: { title: 'Nová objednávka', pickup: 'Vyzvednutí', paid: 'zaplaceno' },
} as const;

/** The pickup time on the PC's clock ("18:30"). */
function clockTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'cs' ? 'cs-CZ' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

/** "New order · Table 5" / "2× Pilsner, 1× Goulash". */
export function osOrderNotificationText(order: OrderView, language: Language): { title: string; body: string } {
  const t = ORDER_TEXT[language];
  const where =
    order.deliveryType === 'byCustomer'
      ? [t.pickup, order.pickupAt ? clockTime(order.pickupAt, language) : '', order.paid ? `(${t.paid})` : ''].filter(Boolean).join(' ')
      : (order.tableName ?? TEXT[language].table);
  const lines = order.items.map((l) => `${l.quantity}× ${l.name}`).join(', ');
  return { title: `${t.title} · ${where}`, body: order.note ? `${lines}; ${order.note}` : lines };
}
