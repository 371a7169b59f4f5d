// Notices that stay until the cashier acknowledges them ("Table 12 paid 324.00 CZK + 30.00 tip").
// A busy evening brings dozens at once: only the newest few are drawn, in a box of fixed height,
// with "+N more" and "Acknowledge all", so notices never push the view off the screen.
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CommandResult, Notice } from '../../../../preload/contract';
import { useApi, useAppState } from '../../app-context';
import { formatMoney, isZero } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { openNotices } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';

/** How many notices show before "+N more"; the CSS box is sized for this many rows. */
export const VISIBLE_NOTICES = 3;

export function noticeText(t: TFunction, n: Notice, language: string): string {
  const table = tableLabel(t, n.tableName);
  const amount = n.amount === null ? '' : formatMoney(n.amount, n.currency, language);
  switch (n.kind) {
    case 'paid':
      return n.tip && !isZero(n.tip)
        ? t('notices.paidWithTip', { table, amount, tip: formatMoney(n.tip, null, language) })
        : t('notices.paid', { table, amount });
    case 'cancelled':
      return t('notices.cancelled', { table, amount });
    case 'declined':
      return t('notices.declined', { table, amount });
    case 'service-error':
      return t('notices.serviceError', { message: n.message ?? '' });
  }
}

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
  return (
    <li className={`notice notice-${notice.kind}`}>
      <span className="notice-time">{formatClock(notice.at, i18n.language)}</span>
      <span className="notice-text">{noticeText(t, notice, i18n.language)}</span>
      <button type="button" disabled={disabled} onClick={() => onAcknowledge(notice.id)}>
        {t('notices.acknowledge')}
      </button>
    </li>
  );
});
