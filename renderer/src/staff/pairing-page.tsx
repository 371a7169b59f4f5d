// The page of a phone that is not paired: one sentence on how to pair, or why it did not work.
import { useTranslation } from 'react-i18next';
import { useStaff } from './staff-context';

export function PairingPage() {
  const { t } = useTranslation();
  const busy = useStaff((s) => s.pairingBusy);
  const message = useStaff((s) => s.pairingMessage);
  return (
    <main className="staff-pairing" aria-busy={busy}>
      <h1>{t('title')}</h1>
      {busy ? (
        <p role="status">{t('pairing.busy')}</p>
      ) : (
        <>
          {message && (
            <p role="alert" className="staff-pairing-error">
              {t(`pairing.${message}`)}
            </p>
          )}
          <p className="staff-pairing-scan">{t('pairing.scan')}</p>
        </>
      )}
    </main>
  );
}
