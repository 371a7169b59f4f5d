// Confirms a cancellation; the countdown keeps running, and when the window closes the dialog
// says so instead of offering a cancel that the service would refuse.
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { formatCountdown } from '../../format/time-text';
import { CommandErrorText } from '../common/command-error';
import { Dialog } from '../common/dialog';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';
import { ConfirmActions } from '../common/confirm-actions';

export function CancelPaymentDialog({ payment, now }: { payment: PaymentView; now: number }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const closeDialog = useAppState((s) => s.closeDialog);
  const { run, error, pending } = useCommand();
  const until = payment.cancellableUntil ? Date.parse(payment.cancellableUntil) : null;
  const open = payment.state !== 'CANCELLED' && until !== null && until > now;

  const confirm = async () => {
    const result = await run(() => api.cancelPayment({ paymentId: payment.id }));
    if (result.ok) closeDialog();
  };

  return (
    <Dialog title={t('payments.cancelTitle')} onClose={closeDialog}>
      <p>
        {t('payments.cancelConfirm', {
          amount: formatMoney(payment.amount, payment.currency, i18n.language),
          table: tableLabel(t, payment.tableName),
        })}
      </p>
      {open ? (
        <p className="countdown">{t('payments.timeLeft', { time: formatCountdown(until - now) })}</p>
      ) : (
        <p className="error">{t('payments.windowOver')}</p>
      )}
      <CommandErrorText error={error} />
      <ConfirmActions label={t('payments.cancelYes')} danger pending={pending} onBack={closeDialog} {...(open ? { onConfirm: confirm } : {})} />
    </Dialog>
  );
}
