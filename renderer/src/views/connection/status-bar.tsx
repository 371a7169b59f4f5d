// The session in words (translated from main's status), transport, round-trip time, restaurant.
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../app-context';

export function StatusBar() {
  const { t } = useTranslation();
  const session = useAppState((s) => s.session);
  const restaurant = useAppState((s) => s.restaurantName);
  const demo = useAppState((s) => s.demo);
  if (!session) return null;
  return (
    <footer className={`status-bar status-${session.status}`} role="status">
      <span className="status-dot" aria-hidden="true" />
      <span>{t(`session.status.${session.status}`)}</span>
      <span>{t(`session.transport.${session.transport}`)}</span>
      <span>{session.rttMs === null ? t('session.noRtt') : t('session.rtt', { ms: Math.round(session.rttMs) })}</span>
      <span>{restaurant ?? t('session.noRestaurant')}</span>
      {demo && <span className="badge">{t('session.demo')}</span>}
    </footer>
  );
}
