import type { Language, Notice } from '../../preload/contract.js';

/** The OS notification's words; the renderer has its own translations for the in-app notice. */
const TEXT = {
  en: { paid: 'paid', declined: 'Payment declined', cancelled: 'Payment cancelled', error: 'Message from the payment service', tip: 'tip', table: 'Table' },
  cs: { paid: 'zaplatil', declined: 'Platba zamítnuta', cancelled: 'Platba zrušena', error: 'Zpráva platební služby', tip: 'spropitné', table: 'Stůl' },
} as const;

export function osNotificationText(notice: Notice, language: Language): { title: string; body: string } {
  const t = TEXT[language];
  const where = notice.tableName ?? t.table;
  const amount = notice.amount && notice.currency ? `${notice.amount} ${notice.currency}` : '';
  const tip = notice.tip && notice.tip !== '0.00' ? ` + ${notice.tip} ${t.tip}` : '';
  switch (notice.kind) {
    case 'paid':
      return { title: `${where} ${t.paid}`, body: `${amount}${tip}` };
    case 'declined':
      return { title: t.declined, body: `${where}: ${amount}` };
    case 'cancelled':
      return { title: t.cancelled, body: `${where}: ${amount}` };
    default:
      return { title: t.error, body: notice.message ?? '' };
  }
}
