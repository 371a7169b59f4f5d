// The cashier's app: wires the store to main, then shows the tab bar, the open view, notices,
// the connection banner and status bar.
import { useEffect, useRef, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ServicesProvider, useAppState, useServices, type AppServices } from '../services/app-context';
import { connectStore } from '../store/connect-store';
import { ConnectionBanner } from './connection/connection-banner';
import { StatusBar } from './connection/status-bar';
import { AttentionView } from './attention/attention-view';
import { DemoView } from './demo/demo-view';
import { DatabaseBanner } from './database/database-banner';
import { DiskBanner } from './disk/disk-banner';
import { LinksView } from './links/links-view';
import { MenuView } from './menu/menu-view';
import { useNoticeSounds } from './notices/notice-sounds';
import { NoticesPanel } from './notices/notices-panel';
import { useOrderSounds } from './orders/order-sounds';
import { OrdersView } from './orders/orders-view';
import { PaymentsView } from './payments/payments-view';
import { QrView } from './qr/qr-view';
import { SettingsView } from './settings/settings-view';
import { TabBar } from './tab-bar';
import { TablesView } from './tables/tables-view';

export function App({ services, i18n }: { services: AppServices; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ServicesProvider services={services}>
        <AppShell />
      </ServicesProvider>
    </I18nextProvider>
  );
}

function AppShell() {
  const { t, i18n } = useTranslation();
  const { api, store, frames } = useServices();
  const loaded = useAppState((s) => s.loaded);
  const tab = useAppState((s) => s.tab);
  const demo = useAppState((s) => s.demo);
  const language = useAppState((s) => s.settings?.language);
  const [failed, setFailed] = useState(false);

  useEffect(() => connectStore(api, store, { onError: () => setFailed(true), schedule: frames }), [api, store, frames]);
  // Once per store update (one per frame), however many notices it brought; reminders for problems.
  useNoticeSounds();
  // A guest's new order rings its own pattern, whatever tab is open.
  useOrderSounds();
  // Follow main's language when it changes (another window, first load), not on every render:
  // a switch made here is already live before main confirms it.
  const appliedLanguage = useRef<string | null>(null);
  useEffect(() => {
    if (!language || language === appliedLanguage.current) return;
    appliedLanguage.current = language;
    if (language !== i18n.language) void i18n.changeLanguage(language);
  }, [language, i18n]);

  if (!loaded) {
    return (
      <p className="loading" role={failed ? 'alert' : 'status'}>
        {t(failed ? 'app.loadFailed' : 'app.loading')}
      </p>
    );
  }
  const shown = tab === 'demo' && !demo ? 'tables' : tab;
  return (
    <div className="app">
      <header className="app-header">
        <h1>{t('app.title')}</h1>
        <TabBar />
      </header>
      <ConnectionBanner />
      <DatabaseBanner />
      <DiskBanner />
      <NoticesPanel />
      <main id="tab-panel" role="tabpanel" aria-labelledby={`tab-${shown}`} className="tab-panel">
        {shown === 'tables' && <TablesView />}
        {shown === 'orders' && <OrdersView />}
        {shown === 'payments' && <PaymentsView />}
        {shown === 'attention' && <AttentionView />}
        {shown === 'menu' && <MenuView />}
        {shown === 'qr' && <QrView />}
        {shown === 'links' && <LinksView />}
        {shown === 'settings' && <SettingsView />}
        {shown === 'demo' && <DemoView />}
      </main>
      <StatusBar />
    </div>
  );
}
