// Says plainly when the phone is not connected: what a waiter sees may be old.
import { useTranslation } from 'react-i18next';
import { useController, useStaff } from './staff-context';

export function ConnectionBanner() {
  const { t } = useTranslation();
  const controller = useController();
  const status = useStaff((s) => s.status);
  if (status === 'connected') return null;
  return (
    <div role="status" className={`staff-banner staff-banner-${status}`} data-status={status}>
      <span>{t(`connection.${status}`)}</span>
      {status !== 'connecting' && (
        <button type="button" onClick={() => controller.wake(true)}>
          {t('connection.retry')}
        </button>
      )}
    </div>
  );
}
