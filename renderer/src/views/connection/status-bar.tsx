// The connection in words a cashier understands ("No internet", "Service restarting", "API key rejected"),
// the restaurant, and demo mode; the transport ("WebSocket") and round trip only under Details.
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../services/app-context';
import { formatClock } from '../../format/time-text';
import { connectionKind } from './connection-words';

export function StatusBar() {
  const { t, i18n } = useTranslation();
  const session = useAppState((s) => s.connection);
  const restaurant = useAppState((s) => s.restaurantName);
  const demo = useAppState((s) => s.demo);
  if (!session) return null;
  const kind = connectionKind(session);
  return (
    <footer className={`status-bar status-${session.status}`} role="status">
      <span className="status-dot" aria-hidden="true" />
      <span className="status-word" data-kind={kind}>
        {t(`connection.status.${kind}`)}
      </span>
      <span>{restaurant ?? t('connection.bar.noRestaurant')}</span>
      {demo && <span className="badge">{t('connection.bar.demo')}</span>}
      <details className="status-details">
        <summary>{t('connection.details')}</summary>
        <span>{t('connection.transport', { transport: t(`connection.bar.transport.${session.transport}`) })}</span>{' '}
        <span>{session.rttMs === null ? t('connection.noRtt') : t('connection.rtt', { ms: Math.round(session.rttMs) })}</span>{' '}
        <span>{t('connection.since', { time: formatClock(new Date(session.since).toISOString(), i18n.language) })}</span>
      </details>
    </footer>
  );
}
