// A payment's state as a coloured word, with its own state for an authorised manual-capture
// payment ("Capture needed", never a silent "Processing") and the Capture action beside it.
// Small on purpose: the Payments history, the bill's payments and the notices all include it.
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';

/** Authorised, money held, waiting for the cashier's Capture. */
export function needsCapture(p: PaymentView): boolean {
  return p.captureMode === 'manual' && !p.captured && p.state === 'PROCESSED';
}

export function paymentStateWord(t: (key: string) => string, p: PaymentView): string {
  if (needsCapture(p)) return t('payments.awaitingCapture.state');
  // The store's own word says how it ended; a refund stays "Cancelled" as the service calls it.
  if (p.state === 'CANCELLED' && p.ending && p.ending !== 'refunded') return t(`payments.ending.${p.ending}`);
  if (p.state === 'CANCELLED' && p.closedState && p.closedState !== 'CANCELLED') {
    return t(`payments.closedState.${p.closedState === 'DECLINED' ? 'DECLINED' : 'other'}`);
  }
  return t(`payments.state.${p.state}`);
}

export function PaymentStateBadge({ payment }: { payment: PaymentView }) {
  const { t } = useTranslation();
  const state = needsCapture(payment) ? 'capture-needed' : payment.state.toLowerCase();
  return <span className={`badge payment-${state}`}>{paymentStateWord(t, payment)}</span>;
}

/** Capture, right where the state shows; nothing when the payment does not need it. */
export function CaptureButton({ payment }: { payment: PaymentView }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, error, pending } = useCommand();
  if (!needsCapture(payment)) return null;
  const label = t('payments.awaitingCapture.actionFor', {
    amount: formatMoney(payment.amount, payment.currency, i18n.language),
    table: tableLabel(t, payment.tableName),
  });
  return (
    <>
      <button
        type="button"
        className="capture"
        aria-label={label}
        disabled={pending}
        onClick={() => void run(() => api.capturePayment({ paymentId: payment.id }))}
      >
        {t('payments.awaitingCapture.action')}
      </button>
      <CommandErrorText error={error} />
    </>
  );
}

/** "Capture needed" on a table card (or its bill) while a payment of the table waits for capture. */
export function TableCaptureBadge({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const waiting = useAppState((s) => Object.values(s.payments).some((p) => p.tableId === tableId && needsCapture(p)));
  return waiting ? <span className="badge payment-capture-needed">{t('payments.awaitingCapture.state')}</span> : null;
}
