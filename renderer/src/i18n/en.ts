// English. Every string the cashier sees, grouped by screen; cs.ts must have exactly the same keys (tested).
import { tablesEn } from './tables.en';
import { billEn } from './bill.en';
import { addItemEn } from './add-item.en';
import { amountEn } from './amount.en';
import { dateEn } from './date.en';
import { paymentsEn } from './payments.en';
import { noticesEn } from './notices.en';
import { qrEn } from './qr.en';
import { printEn } from './print.en';
import { connectionEn } from './connection.en';
import { settingsEn } from './settings.en';
import { demoEn } from './demo.en';
import { diagnosticsEn } from './diagnostics.en';
import { backupsEn } from './backups.en';
import { staffEn } from './staff.en';
import { errorsEn } from './errors.en';
import { historyEn } from './history.en';
import { receiptsEn } from './receipts.en';
import { ordersEn } from './orders.en';
import { attentionEn } from './attention.en';
import { linksEn } from './links.en';
import { diskEn } from './disk.en';
import { databaseEn } from './database.en';

export const en = {
  app: {
    title: 'Tableside',
    loading: 'Connecting to Tableside…',
    loadFailed: 'Tableside is not answering. It keeps trying; if this stays, restart the app from the tray.',
  },
  common: { back: 'Back' },
  nav: {
    label: 'Sections',
    shortcut: 'Alt+{{key}}',
    waiting: '{{count}} waiting',
    tables: 'Tables',
    orders: 'Orders',
    payments: 'Payments',
    attention: 'Needs attention',
    menu: 'Menu',
    qr: 'QR codes',
    links: 'Payment links',
    settings: 'Settings',
    demo: 'Demo',
  },
  tables: tablesEn,
  bill: billEn,
  addItem: addItemEn,
  amount: amountEn,
  date: dateEn,
  payments: paymentsEn,
  notices: noticesEn,
  qr: qrEn,
  print: printEn,
  connection: connectionEn,
  settings: settingsEn,
  demo: demoEn,
  diagnostics: diagnosticsEn,
  backups: backupsEn,
  staff: staffEn,
  errors: errorsEn,
  history: historyEn,
  receipts: receiptsEn,
  orders: ordersEn,
  attention: attentionEn,
  links: linksEn,
  disk: diskEn,
  database: databaseEn,
};

/** The same keys with any text: cs.ts is typed with it, so a missing or extra key fails to compile. */
export type Translations<T = typeof en> = { [K in keyof T]: T[K] extends string ? string : Translations<T[K]> };
