// Today's payments, newest first, with cancel (3-hour window, live countdown) and manual capture.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../../preload/contract';
import { useApi, useAppState, useNow } from '../../app-context';
import { formatMoney } from '../../format/decimal-text';
import { formatClock, formatCountdown } from '../../format/time-text';
import { todaysPayments } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand, type CommandRunner } from '../common/use-command';
import { CancelPaymentDialog } from './cancel-payment-dialog';

export function PaymentsView() {
  const { t } = useTranslation();
  const now = useNow();
  const all = useAppState((s) => s.payments);
  const dialog = useAppState((s) => s.dialog);
  const payments = useMemo(() => todaysPayments(all, now), [all, now]);
  const command = useCommand();
  const cancelling = dialog?.kind === 'cancel-payment' ? all[dialog.paymentId] : undefined;

  return (
    <section aria-label={t('payments.title')}>
      <h2>{t('payments.title')}</h2>
      <CommandErrorText error={command.error} />
      {payments.length === 0 ? (
        <p className="empty">{t('payments.none')}</p>
      ) : (
        <table className="payments">
          <thead>
            <tr>
              <th>{t('payments.time')}</th>
              <th>{t('payments.table')}</th>
              <th>{t('payments.bill')}</th>
              <th>{t('payments.amount')}</th>
              <th>{t('payments.tip')}</th>
              <th>{t('payments.provider')}</th>
              <th>{t('payments.stateColumn')}</th>
              <th>{t('payments.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <PaymentRow key={p.id} payment={p} now={now} command={command} />
            ))}
          </tbody>
        </table>
      )}
      {cancelling && <CancelPaymentDialog payment={cancelling} now={now} />}
    </section>
  );
}

export function paymentStateText(t: (key: string) => string, p: PaymentView): string {
  if (p.state === 'CANCELLED' && p.closedState && p.closedState !== 'CANCELLED') {
    return t(`payments.closedState.${p.closedState === 'DECLINED' ? 'DECLINED' : 'other'}`);
  }
  return t(`payments.state.${p.state}`);
}

function PaymentRow({ payment: p, now, command }: { payment: PaymentView; now: number; command: CommandRunner }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const openDialog = useAppState((s) => s.openDialog);
  const lang = i18n.language;
  const cancelled = p.state === 'CANCELLED';
  const until = p.cancellableUntil ? Date.parse(p.cancellableUntil) : null;
  const canCancel = !cancelled && until !== null && until > now;
  const canCapture = !cancelled && p.captureMode === 'manual' && !p.captured;

  return (
    <tr className={cancelled ? 'cancelled' : undefined} data-payment-id={p.id}>
      <td>{formatClock(p.created, lang)}</td>
      <td>{tableLabel(t, p.tableName)}</td>
      <td>{p.billName ?? '—'}</td>
      <td className="amount">{formatMoney(p.amount, p.currency, lang)}</td>
      <td className="amount">{formatMoney(p.tip, p.currency, lang)}</td>
      <td>{p.provider ?? '—'}</td>
      <td>
        <span className={`badge payment-${p.state.toLowerCase()}`}>{paymentStateText(t, p)}</span>
      </td>
      <td className="actions">
        {canCancel && (
          <button type="button" onClick={() => openDialog({ kind: 'cancel-payment', paymentId: p.id })}>
            {t('payments.cancel')} <span className="countdown">({formatCountdown(until - now)})</span>
          </button>
        )}
        {!cancelled && !canCancel && <span className="muted">{t(until === null ? 'payments.notCancellable' : 'payments.windowOver')}</span>}
        {canCapture && (
          <button type="button" disabled={command.pending} onClick={() => void command.run(() => api.capturePayment({ paymentId: p.id }))}>
            {t('payments.capture')}
          </button>
        )}
      </td>
    </tr>
  );
}
