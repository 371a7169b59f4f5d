// Notices that stay until the cashier acknowledges them ("Table 12 paid 324.00 CZK + 30.00 tip").
// A busy evening brings dozens at once: only the newest few are drawn, one compact line each, in a
// box of fixed height, with "+N more" and "Acknowledge all", so notices never push the view off
// the screen. A notice about a table opens that table (click or Enter on its text).
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandResult, Notice } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatClock } from '../../format/time-text';
import { openNotices } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';
import { CaptureButton } from '../payments/payment-state-badge';
import { isProblem, noticeText } from './notice-text';

export { noticeText } from './notice-text';

/** How many notices show before "+N more"; the CSS box is sized for this many rows. */
export const VISIBLE_NOTICES = 3;

export function NoticesPanel() {
  const { t } = useTranslation();
  const api = useApi();
  const all = useAppState((s) => s.notices);
  const notices = useMemo(() => openNotices(all), [all]);
  const [expanded, setExpanded] = useState(false);
  const { run, error, pending } = useCommand();
  const acknowledge = useCallback((id: string) => void run(() => api.acknowledgeNotice({ noticeId: id })), [run, api]);
  const acknowledgeAll = () =>
    void run(async (): Promise<CommandResult<null>> => {
      const results = await Promise.all(notices.map((n) => api.acknowledgeNotice({ noticeId: n.id })));
      return results.find((r) => !r.ok) ?? { ok: true, value: null };
    });
  if (notices.length === 0 && !error) return null;

  const hidden = Math.max(0, notices.length - VISIBLE_NOTICES);
  const shown = expanded ? notices : notices.slice(0, VISIBLE_NOTICES);
  return (
    <section className="notices" aria-label={t('notices.title')} data-open-count={notices.length}>
      <CommandErrorText error={error} />
      {/* Polite live region on the rows only: the controls below must not be read out on each change. */}
      <ul className="plain notices-list" aria-live="polite">
        {shown.map((n) => (
          <NoticeRow key={n.id} notice={n} disabled={pending} onAcknowledge={acknowledge} />
        ))}
      </ul>
      {notices.length > 1 && (
        <div className="notices-more">
          {hidden > 0 && (
            <button type="button" className="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
              {expanded ? t('notices.showFewer') : t('notices.more', { n: hidden })}
            </button>
          )}
          <button type="button" disabled={pending} onClick={acknowledgeAll}>
            {t('notices.acknowledgeAll', { n: notices.length })}
          </button>
        </div>
      )}
    </section>
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
