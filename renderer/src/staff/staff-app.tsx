// The waiter's phone page: the pairing page, or the live page (notices, floor, phone settings)
// with the bill on top when a table is open.
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { BillView } from './bill-view';
import { ConnectionBanner } from './connection-banner';
import { FloorView } from './floor-view';
import { NoticesView } from './notices-view';
import { PairingPage } from './pairing-page';
import { PhoneSettings } from './phone-settings';
import type { StaffController } from './staff-controller';
import { StaffContext, useController, useStaff } from './staff-context';
import { isProblem } from './notices';
import { pageLanguage, type StaffTab } from './staff-store';

const TABS: readonly StaffTab[] = ['notices', 'floor', 'settings'];

function TabBar() {
  const { t } = useTranslation();
  const controller = useController();
  const tab = useStaff((s) => s.tab);
  const count = useStaff((s) => s.notices.length);
  const problems = useStaff((s) => s.notices.some(isProblem));
  return (
    <nav className="staff-tabs" aria-label={t('title')}>
      {TABS.map((name) => (
        <button key={name} type="button" aria-current={tab === name ? 'page' : undefined} onClick={() => controller.setTab(name)}>
          {t(`tabs.${name}`)}
          {name === 'notices' && count > 0 && <span className={`staff-count${problems ? ' staff-count-problem' : ''}`}>{count}</span>}
        </button>
      ))}
    </nav>
  );
}

function LivePage() {
  const tab = useStaff((s) => s.tab);
  const restaurant = useStaff((s) => s.restaurantName);
  const open = useStaff((s) => s.open !== null);
  return (
    <div className="staff-live">
      <header className="staff-head">
        <h1>{restaurant ?? 'Tableside'}</h1>
      </header>
      <ConnectionBanner />
      <main className="staff-main" hidden={open}>
        {tab === 'notices' && <NoticesView />}
        {tab === 'floor' && <FloorView />}
        {tab === 'settings' && <PhoneSettings />}
      </main>
      {open ? <BillView /> : <TabBar />}
    </div>
  );
}

function Page({ i18n }: { i18n: I18n }) {
  const controller = useController();
  const screen = useStaff((s) => s.screen);
  const language = useStaff((s) => pageLanguage(s.prefs, controller.browserLanguage));
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  return screen === 'pairing' ? <PairingPage /> : <LivePage />;
}

export function StaffApp({ controller, i18n }: { controller: StaffController; i18n: I18n }) {
  return (
    <StaffContext.Provider value={controller}>
      <I18nextProvider i18n={i18n}>
        <Page i18n={i18n} />
      </I18nextProvider>
    </StaffContext.Provider>
  );
}
