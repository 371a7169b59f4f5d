// One compact card: number, state (colour and word), the amount due; a paid table says what was
// paid and when instead of "0.00". Sixty of them fit on a 1366x768 screen.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { formatAmount } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { useAppState } from '../../services/app-context';
import { tableLabel } from '../common/labels';
import { guestsCut } from '../connection/connection-words';

export interface TableCardProps {
  table: TableView;
  selected: boolean;
  attention: boolean;
  tabbable: boolean;
  now: number;
  onSelect(id: string): void;
  onFocus(id: string): void;
}

/** A free table shows its last payment for a while after it (the bill closed itself once paid). */
export const RECENT_PAID_MS = 3 * 3600_000;

function recentPaid(table: TableView, now: number): TableView['lastPaid'] {
  const paid = table.lastPaid;
  if (!paid) return null;
  if (table.state === 'paid') return paid;
  return table.state === 'free' && now - Date.parse(paid.at) < RECENT_PAID_MS ? paid : null;
}

function CardAmount({ table, now }: { table: TableView; now: number }) {
  const { t, i18n } = useTranslation();
  const paid = recentPaid(table, now);
  if (paid) {
    return (
      <span
        className="card-paid"
        title={t('tables.paidAt', { amount: `${formatAmount(paid.amount, i18n.language)} ${paid.currency}`, time: formatClock(paid.at, i18n.language) })}
      >
        <span className="amount">{`\u2713\u00a0${formatAmount(paid.amount, i18n.language)}`}</span>{' '}
        <span className="paid-time">{t('tables.paidTime', { time: formatClock(paid.at, i18n.language) })}</span>
      </span>
    );
  }
  if (table.state === 'free') return <span className="amount">{'\u00a0'}</span>;
  return (
    <span className="amount">
      {formatAmount(table.due, i18n.language)}
      {table.currency && <span className="currency">{` ${table.currency}`}</span>}
    </span>
  );
}

/** States whose guests would pay by phone; while the link is down they cannot. */
const GUEST_PAYS: ReadonlySet<TableView['state']> = new Set(['open', 'in-payment', 'partly-paid']);

/** The state a card shows: an authorised manual-capture payment is its own "capture needed", never "in payment". */
export function cardState(table: TableView): TableView['state'] | 'capture-needed' {
  return table.awaitingCapture ? 'capture-needed' : table.state;
}

/** The state as a word: "capture needed" in its own colour. */
function StateBadge({ table }: { table: TableView }) {
  const { t } = useTranslation();
  if (table.awaitingCapture) return <span className="badge payment-capture-needed badge-capture">{t('payments.awaitingCapture.state')}</span>;
  return <span className="badge">{t(`tables.state.${table.state}`)}</span>;
}

/** From the first second of an outage: this table's guests would pay by QR and now cannot. */
export function useGuestsCannotPay(table: TableView): boolean {
  return useAppState((s) => guestsCut(s.connection)) && GUEST_PAYS.has(table.state);
}

/** What a card shows, on the grid and on the floor plan alike. */
export function CardBody({ table, attention, now }: { table: TableView; attention: boolean; now: number }) {
  const { t } = useTranslation();
  const offline = useGuestsCannotPay(table);
  return (
    <>
      <span className="card-top">
        <span className="table-name">{tableLabel(t, table.name)}</span> <CardAmount table={table} now={now} />
      </span>{' '}
      <span className="card-badges">
        <StateBadge table={table} /> {attention && <span className="badge badge-attention">{t('tables.attention')}</span>}
        {offline && <span className="badge badge-offline">{t('connection.cardOffline')}</span>}
      </span>
    </>
  );
}

// Memoised: an event replaces one table object, so only that card re-renders (200 tables, bursts).
export const TableCard = memo(function TableCard({ table, selected, attention, tabbable, now, onSelect, onFocus }: TableCardProps) {
  // Dimmed (styles.css .guests-offline) while its guests cannot pay by phone.
  const offline = useGuestsCannotPay(table);
  return (
    <li>
      <button
        type="button"
        data-table-id={table.id}
        className={`table-card state-${cardState(table)}${attention ? ' needs-attention' : ''}${offline ? ' guests-offline' : ''}`}
        aria-pressed={selected}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => onSelect(table.id)}
        onFocus={() => onFocus(table.id)}
      >
        <CardBody table={table} attention={attention} now={now} />
      </button>
    </li>
  );
});
