// Notices that stay until the cashier acknowledges them ("Table 12 paid CZK 324.00 + 30.00 tip").
// A busy evening brings dozens at once: only a few rows are drawn, one compact line each, in a
// box of fixed height, with "+N more" and "Acknowledge all", so notices never push the view off
// the screen. Problems (and orders left unanswered too long) are pinned above the good news with
// their own count, and payments that arrive faster than anyone reads fold into one line per
// minute (notice-groups.ts). A notice about a table opens that table (click or Enter on its text).
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandResult, Notice, OrderView } from '../../../../preload/contract';
import { useApi, useAppState, useNow } from '../../services/app-context';
import { formatMoney } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { openNotices } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';
import { isOverdue, orderName } from '../orders/order-text';
import { CaptureButton } from '../payments/payment-state-badge';
import { arrangeNotices, pluralOf, type NoticeLine } from './notice-groups';
import { isProblem, noticeText } from './notice-text';

export { noticeText } from './notice-text';

/** How many rows show before "+N more"; the CSS box is sized for this many rows. */
export const VISIBLE_NOTICES = 3;

/** `earlier`: the routine payments the store keeps only by id (notices-slice.ts), one line at the end. */
type Line = NoticeLine | { kind: 'order'; order: OrderView } | { kind: 'earlier'; ids: readonly string[] };

const lineSize = (l: Line) => (l.kind === 'paid-group' ? l.notices.length : l.kind === 'earlier' ? l.ids.length : 1);
const lineKey = (l: Line) =>
  l.kind === 'notice' ? l.notice.id : l.kind === 'order' ? `order:${l.order.id}` : l.kind === 'earlier' ? 'earlier' : `group:${l.key}`;

/** NEW orders past their overdue time: pinned like a problem until someone answers them in Orders. */
function useOverdueOrders(): OrderView[] {
  const orders = useAppState((s) => s.orders);
  const now = useNow(5_000);
  return useMemo(
    () =>
      Object.values(orders)
        .filter((o) => isOverdue(o, now))
        .sort((a, b) => Date.parse(a.created) - Date.parse(b.created)),
    [orders, now],
  );
}

export function NoticesPanel() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const all = useAppState((s) => s.notices);
  const notices = useMemo(() => openNotices(all), [all]);
  const earlier = useAppState((s) => s.earlierPaid);
  const open = notices.length + earlier.length;
  const overdue = useOverdueOrders();
  const [expanded, setExpanded] = useState(false);
  const { run, error, pending } = useCommand();
  const acknowledgeIds = useCallback(
    (ids: string[]) =>
      void run(async (): Promise<CommandResult<null>> => {
        const results = await Promise.all(ids.map((id) => api.acknowledgeNotice({ noticeId: id })));
        return results.find((r) => !r.ok) ?? { ok: true, value: null };
      }),
    [run, api],
  );
  const acknowledge = useCallback((id: string) => void run(() => api.acknowledgeNotice({ noticeId: id })), [run, api]);
  const arranged = useMemo(() => arrangeNotices(notices, !expanded), [notices, expanded]);
  if (open === 0 && overdue.length === 0 && !error) return null;

  const lines: Line[] = [
    ...overdue.map((order) => ({ kind: 'order' as const, order })),
    ...arranged.problems.map((notice) => ({ kind: 'notice' as const, notice })),
    ...arranged.others,
    ...(earlier.length > 0 ? [{ kind: 'earlier' as const, ids: earlier }] : []),
  ];
  const shown = expanded ? lines : lines.slice(0, VISIBLE_NOTICES);
  const hidden = lines.slice(shown.length).reduce((n, l) => n + lineSize(l), 0);
  const problems = overdue.length + arranged.problems.length;
  const folded = lines.some((l) => l.kind === 'paid-group');
  return (
    <section className="notices" aria-label={t('notices.title')} data-open-count={open}>
      <CommandErrorText error={error} />
      {/* Polite live region on the rows only: the controls below must not be read out on each change. */}
      <ul className="plain notices-list" aria-live="polite">
        {shown.map((line) =>
          line.kind === 'notice' ? (
            <NoticeRow key={lineKey(line)} notice={line.notice} disabled={pending} onAcknowledge={acknowledge} />
          ) : line.kind === 'order' ? (
            <OverdueOrderRow key={lineKey(line)} order={line.order} />
          ) : line.kind === 'earlier' ? (
            <li key={lineKey(line)} className="notice notice-paid notice-paid-group">
              <span className="notice-text">{t(`notices.earlierPaid.${pluralOf(line.ids.length, i18n.language)}`, { n: line.ids.length })}</span>
              <button type="button" disabled={pending} onClick={() => acknowledgeIds([...line.ids])}>
                {t('notices.acknowledge')}
              </button>
            </li>
          ) : (
            <li key={lineKey(line)} className="notice notice-paid notice-paid-group">
              <span className="notice-time">{formatClock(line.notices[0]?.at ?? '', i18n.language)}</span>
              {/* Opens the box with every payment on its own line. */}
              <button type="button" className="notice-text notice-open" aria-expanded={false} onClick={() => setExpanded(true)}>
                {t(`notices.paidGroup.${pluralOf(line.notices.length, i18n.language)}`, {
                  n: line.notices.length,
                  amount: formatMoney(line.total, line.currency, i18n.language),
                })}
              </button>
              <button type="button" disabled={pending} onClick={() => acknowledgeIds(line.notices.map((n) => n.id))}>
                {t('notices.acknowledge')}
              </button>
            </li>
          ),
        )}
      </ul>
      {(open > 1 || problems > 0) && (
        <div className="notices-more">
          {problems > 0 && (
            <strong className="notices-problems" data-count={problems}>
              {t(`notices.problems.${pluralOf(problems, i18n.language)}`, { n: problems })}
            </strong>
          )}
          {(hidden > 0 || expanded || folded) && (
            <button type="button" className="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t('notices.showFewer') : hidden > 0 ? t('notices.more', { n: hidden }) : t('notices.showEach')}
            </button>
          )}
          {open > 1 && (
            <button type="button" disabled={pending} onClick={() => acknowledgeIds([...notices.map((n) => n.id), ...earlier])}>
              {t('notices.acknowledgeAll', { n: open })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** An order nobody answered for too long: it goes when someone accepts or rejects it in Orders. */
function OverdueOrderRow({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation();
  const setTab = useAppState((s) => s.setTab);
  return (
    <li className="notice notice-order-overdue notice-problem">
      <span className="notice-time">{formatClock(order.created, i18n.language)}</span>
      <button type="button" className="notice-text notice-open" onClick={() => setTab('orders')}>
        {t('notices.orderOverdue', { order: orderName(t, order, i18n.language) })}
      </button>
    </li>
  );
}

// Memoised: a new notice draws one row; the others keep theirs.
const NoticeRow = memo(function NoticeRow({ notice, disabled, onAcknowledge }: { notice: Notice; disabled: boolean; onAcknowledge(id: string): void }) {
  const { t, i18n } = useTranslation();
  const setTab = useAppState((s) => s.setTab);
  const selectTable = useAppState((s) => s.selectTable);
  const payment = useAppState((s) => (notice.kind === 'capture' && notice.paymentId ? s.payments[notice.paymentId] : undefined));
  const text = noticeText(t, notice, i18n.language);
  const tableId = notice.tableId;
  const open = () => {
    if (!tableId) return;
    setTab('tables');
    selectTable(tableId);
  };
  const kind = notice.kind === 'cancelled' ? 'refunded' : notice.kind;
  return (
    <li className={`notice notice-${kind}${isProblem(notice) ? ' notice-problem' : ''}${notice.refunded ? ' notice-was-refunded' : ''}`}>
      <span className="notice-time">{formatClock(notice.at, i18n.language)}</span>
      {tableId ? (
        // Named "Open Table 5: <text>": says what a click does, and never reads as the table's own card.
        <button
          type="button"
          className="notice-text notice-open"
          aria-label={`${t('notices.action.open', { table: tableLabel(t, notice.tableName) })}: ${text}`}
          onClick={open}
        >
          {text}
        </button>
      ) : (
        <span className="notice-text">{text}</span>
      )}
      {notice.refunded && <span className="notice-mark">{t('notices.action.refundedMark')}</span>}
      {payment && <CaptureButton payment={payment} />}
      <button type="button" disabled={disabled} onClick={() => onAcknowledge(notice.id)}>
        {t('notices.acknowledge')}
      </button>
    </li>
  );
});
