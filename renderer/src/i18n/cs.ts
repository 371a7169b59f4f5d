// Čeština. Typed by the English keys: a missing or extra key does not compile.
import type { Translations } from './en';
import { tablesCs } from './tables.cs';
import { billCs } from './bill.cs';
import { addItemCs } from './add-item.cs';
import { amountCs } from './amount.cs';
import { dateCs } from './date.cs';
import { paymentsCs } from './payments.cs';
import { noticesCs } from './notices.cs';
import { qrCs } from './qr.cs';
import { printCs } from './print.cs';
import { connectionCs } from './connection.cs';
import { settingsCs } from './settings.cs';
import { demoCs } from './demo.cs';
import { diagnosticsCs } from './diagnostics.cs';
import { backupsCs } from './backups.cs';
import { staffCs } from './staff.cs';
import { errorsCs } from './errors.cs';
import { historyCs } from './history.cs';
import { receiptsCs } from './receipts.cs';
import { ordersCs } from './orders.cs';
import { attentionCs } from './attention.cs';
import { linksCs } from './links.cs';
import { diskCs } from './disk.cs';
import { databaseCs } from './database.cs';

export const cs: Translations = {
  app: {
    title: 'Tableside',
    loading: 'Připojování k Tableside…',
    loadFailed: 'Tableside neodpovídá. Zkouší to dál; pokud to trvá, restartujte aplikaci z oznamovací oblasti.',
  },
  common: { back: 'Zpět' },
  nav: {
    label: 'Sekce',
    shortcut: 'Alt+{{key}}',
    waiting: 'čeká: {{count}}',
    tables: 'Stoly',
    orders: 'Objednávky',
    payments: 'Platby',
    attention: 'K vyřešení',
    menu: 'Menu',
    qr: 'QR kódy',
    links: 'Platební odkazy',
    settings: 'Nastavení',
    demo: 'Demo',
  },
  tables: tablesCs,
  bill: billCs,
  addItem: addItemCs,
  amount: amountCs,
  date: dateCs,
  payments: paymentsCs,
  notices: noticesCs,
  qr: qrCs,
  print: printCs,
  connection: connectionCs,
  settings: settingsCs,
  demo: demoCs,
  diagnostics: diagnosticsCs,
  backups: backupsCs,
  staff: staffCs,
  errors: errorsCs,
  history: historyCs,
  receipts: receiptsCs,
  orders: ordersCs,
  attention: attentionCs,
  links: linksCs,
  disk: diskCs,
  database: databaseCs,
};
