// The payments made on one bill.
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { CaptureButton, PaymentStateBadge } from '../payments/payment-state-badge';

export function BillPayments({ payments }: { payments: PaymentView[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section aria-label={t('bill.payments')}>
      <h3>{t('bill.payments')}</h3>
      {payments.length === 0 ? (
        <p className="empty">{t('bill.noPayments')}</p>
      ) : (
        <ul className="plain">
          {payments.map((p) => (
            <li key={p.id} className={p.state === 'CANCELLED' ? 'cancelled' : undefined}>
              {formatClock(p.created, lang)} · {formatMoney(p.amount, p.currency, lang)}
              {' · '}
              {t('payments.tipShort', { tip: formatMoney(p.tip, p.currency, lang) })} · {/* "Capture needed" and its action, never a silent "Processing" */}
              <PaymentStateBadge payment={p} /> <CaptureButton payment={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
