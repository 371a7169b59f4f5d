// The day's payments, newest first. A payment main still holds live (today's) keeps its actions:
// cancel within the 3-hour window (live countdown) and manual capture.
import { useTranslation } from 'react-i18next';
import type { PaymentHistoryEntry, PaymentView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatClock, formatCountdown } from '../../format/time-text';
import { tableLabel } from '../common/labels';
import type { CommandRunner } from '../common/use-command';
import { ReceiptButton } from '../receipts/receipt-button';
import { formatCurrency } from '../../format/money-format';
import { usePaymentViews } from './use-payment-views';

const ENDED = new Set(['refunded', 'refund', 'declined', 'cancelled', 'timed_out', 'abandoned']);
/** Struck through: money that was taken and given back. A payment that never took money is not a refund. */
const GIVEN_BACK = new Set(['refunded', 'refund']);
/** Never took money, so there is no receipt to show. */
const NO_RECEIPT = new Set(['declined', 'cancelled', 'timed_out', 'abandoned']);

/**
 * How far back a paid payment may still be cancelled (the service's window, docs/PROTOCOL.md): a
 * row that recent is read from main when the page no longer holds it, so it keeps its actions.
 */
const ACTIONABLE_MS = 3 * 60 * 60 * 1000;

export function HistoryTable({ entries, now, command }: { entries: PaymentHistoryEntry[]; now: number; command: CommandRunner }) {
  const { t } = useTranslation();
  const recent = entries.filter((e) => !ENDED.has(e.state) && Date.parse(e.time) > now - ACTIONABLE_MS).map((e) => e.paymentId);
  const live = usePaymentViews(recent);
  return (
    <table className="payments">
      <thead>
        <tr>
          <th scope="col">{t('history.columns.time')}</th>
          <th scope="col">{t('history.columns.table')}</th>
          <th scope="col">{t('history.columns.bill')}</th>
          <th scope="col">{t('history.columns.amount')}</th>
          <th scope="col">{t('history.columns.tip')}</th>
          <th scope="col">{t('history.columns.provider')}</th>
          <th scope="col">{t('history.columns.state')}</th>
          <th scope="col">{t('history.columns.pos')}</th>
          <th scope="col">{t('history.columns.id')}</th>
          <th scope="col">{t('history.columns.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {[...entries].reverse().map((e) => (
          <HistoryRow key={e.paymentId} entry={e} live={live[e.paymentId]} now={now} command={command} />
        ))}
      </tbody>
    </table>
  );
}

function HistoryRow({ entry: e, live, now, command }: { entry: PaymentHistoryEntry; live: PaymentView | undefined; now: number; command: CommandRunner }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ended = ENDED.has(e.state);
  return (
    <tr className={GIVEN_BACK.has(e.state) ? 'cancelled' : ended ? 'unpaid' : undefined} data-payment-id={e.paymentId}>
      <td>{formatClock(e.time, lang)}</td>
      <td>{tableLabel(t, e.table)}</td>
      <td>{e.bill ?? '—'}</td>
      <td className="amount">{formatCurrency(e.amount, e.currency, lang)}</td>
      <td className="amount">{formatCurrency(e.tip, e.currency, lang)}</td>
      <td>{e.provider ?? '—'}</td>
      <td>
        <span className={`badge history-${e.state}`}>{t(`history.states.${e.state}`)}</span>
      </td>
      <td className="pos-notified" data-pos-notified={e.posNotified === null ? undefined : String(e.posNotified)}>
        {e.posNotified === null ? '—' : t(e.posNotified ? 'history.pos.notified' : 'history.pos.notYet')}
      </td>
      <td className="payment-id">{e.paymentId}</td>
      <td className="actions">
        {live && !ended && <LiveActions payment={live} now={now} command={command} />}
        {/* Receipts: a payment that took money has a receipt (declined and cancelled ones never did). */}
        {!NO_RECEIPT.has(e.state) && <ReceiptButton paymentId={e.paymentId} table={e.table} />}
      </td>
    </tr>
  );
}

function LiveActions({ payment: p, now, command }: { payment: PaymentView; now: number; command: CommandRunner }) {
  const { t } = useTranslation();
  const api = useApi();
  const openDialog = useAppState((s) => s.openDialog);
  if (p.state === 'CANCELLED') return null;
  const until = p.cancellableUntil ? Date.parse(p.cancellableUntil) : null;
  const canCancel = until !== null && until > now;
  const canCapture = p.captureMode === 'manual' && !p.captured;
  return (
    <>
      {canCancel && (
        <button type="button" onClick={() => openDialog({ kind: 'cancel-payment', paymentId: p.id, payment: p })}>
          {t('payments.cancel')} <span className="countdown">({formatCountdown(until - now)})</span>
        </button>
      )}
      {!canCancel && p.state === 'PAID' && <span className="muted">{t(until === null ? 'payments.notCancellable' : 'payments.windowOver')}</span>}
      {canCapture && (
        <button type="button" disabled={command.pending} onClick={() => void command.run(() => api.capturePayment({ paymentId: p.id }))}>
          {t('payments.capture')}
        </button>
      )}
    </>
  );
}
