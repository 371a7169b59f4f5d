// One compact card of fixed height whose layout never depends on its state: the name (and a
// paid time or the marks of attention and of an outage) on the first line, the amount on the
// second, the state as an icon and one short word on the third; the colour says it too. The full
// state word is there for screen readers. Sixty of them fit on a 1366x768 or 1024x768 screen.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
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

/** The second line: what is due, or what was paid; a free table has none. */
function CardAmount({ table, now }: { table: TableView; now: number }) {
  const { t, i18n } = useTranslation();
  const paid = recentPaid(table, now);
  if (paid) {
    const amount = formatMoney(paid.amount, paid.currency, i18n.language);
    const time = formatClock(paid.at, i18n.language);
    // The time gives way first when the amount is wide (it is in the title and read out anyway).
    return (
      <span className="amount card-paid" title={t('tables.paidAt', { amount, time })}>
        <span className="paid-amount">{amount}</span> <span className="paid-time">{time}</span>
      </span>
    );
  }
  if (table.state === 'free') return <span className="amount">{'\u00a0'}</span>;
  return <span className="amount">{formatMoney(table.due, table.currency, i18n.language)}</span>;
}

/** States whose guests would pay by phone; while the link is down they cannot. */
const GUEST_PAYS: ReadonlySet<TableView['state']> = new Set(['open', 'in-payment', 'partly-paid']);

/** The state a card shows: an authorised manual-capture payment is its own "capture needed", never "in payment". */
export function cardState(table: TableView): TableView['state'] | 'capture-needed' {
  return table.awaitingCapture ? 'capture-needed' : table.state;
}

/** The icon of each state: a shape that reads without colour. */
const STATE_ICON: Record<ReturnType<typeof cardState>, string> = {
  free: '\u25cb',
  open: '\u25cf',
  'in-payment': '\u25d4',
  'partly-paid': '\u25d0',
  paid: '\u2713',
  'capture-needed': '\u25c6',
};

/** The state as an icon and one short word, in its own colour; the full word for screen readers. */
function StateBadge({ table }: { table: TableView }) {
  const { t } = useTranslation();
  const state = cardState(table);
  const full = table.awaitingCapture ? t('payments.awaitingCapture.state') : t(`tables.state.${table.state}`);
  const short = t(`tables.card.${state}`);
  const capture = table.awaitingCapture ? ' payment-capture-needed badge-capture' : '';
  return (
    <span className="card-state">
      <span className="card-icon" aria-hidden="true">
        {STATE_ICON[state]}
      </span>
      {short === full ? (
        <span className={`badge${capture}`}>{short}</span>
      ) : (
        <>
          <span className={`badge${capture}`} aria-hidden="true">
            {short}
          </span>
          <span className="sr-only">{full}</span>
        </>
      )}
    </span>
  );
}

/** From the first second of an outage: this table's guests would pay by QR and now cannot. */
export function useGuestsCannotPay(table: TableView): boolean {
  return useAppState((s) => guestsCut(s.connection)) && GUEST_PAYS.has(table.state);
}

/** What a card shows, on the grid and on the floor plan alike. */
/** A card too small for the whole name shows its number ("47"); the full name stays for screen readers. */
function CardName({ name, tight }: { name: string; tight: boolean }) {
  const number = tight ? /(\d+)$/.exec(name)?.[1] : undefined;
  if (!number || number === name) return <span className="table-name">{name}</span>;
  return (
    <span className="table-name">
      <span aria-hidden="true">{number}</span>
      <span className="sr-only">{name}</span>
    </span>
  );
}

export function CardBody({ table, attention, now, tight = false }: { table: TableView; attention: boolean; now: number; tight?: boolean }) {
  const { t, i18n } = useTranslation();
  const offline = useGuestsCannotPay(table);
  const paid = recentPaid(table, now);
  return (
    <>
      <span className="card-top">
        <CardName name={tableLabel(t, table.name)} tight={tight} />{' '}
        {attention && (
          <span className="badge badge-attention">
            <span aria-hidden="true">!</span>
            <span className="sr-only">{t('tables.attention')}</span>
          </span>
        )}
        {offline && (
          // "QR" struck through: short enough to leave the name whole; the words for screen readers.
          <span className="badge badge-offline" title={t('connection.cardOffline')}>
            <span className="no-qr" aria-hidden="true">
              QR
            </span>
            <span className="sr-only">{t('connection.cardOffline')}</span>
          </span>
        )}
      </span>{' '}
      <CardAmount table={table} now={now} /> <StateBadge table={table} />
      {paid && (
        <span className="sr-only">
          {t('tables.paidAt', { amount: formatMoney(paid.amount, paid.currency, i18n.language), time: formatClock(paid.at, i18n.language) })}
        </span>
      )}
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
