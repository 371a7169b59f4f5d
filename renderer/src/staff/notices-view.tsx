// The waiter's notices for the tables they follow: problems on top, each opens its table, OK
// acknowledges it at the till.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffNotice } from '../../../preload/staff-frames';
import { formatClock } from '../format/time-text';
import { isProblem, sortNotices } from './notices';
import { money, useController, useStaff } from './staff-context';

export function noticeText(t: (key: string, values?: Record<string, string>) => string, notice: StaffNotice, language: string): string {
  return t(`notices.kind.${notice.kind}`, {
    table: notice.tableName ?? t('notices.noTable'),
    amount: money(notice.amount, notice.currency, language),
    left: money(notice.left, notice.currency, language),
  });
}

function NoticeItem({ notice }: { notice: StaffNotice }) {
  const { t, i18n } = useTranslation();
  const controller = useController();
  const [error, setError] = useState<string | null>(null);
  const text = noticeText(t, notice, i18n.language);
  const tableId = notice.tableId;
  return (
    <li className={`staff-notice staff-notice-${notice.kind}${isProblem(notice) ? ' staff-notice-problem' : ''}`} data-kind={notice.kind}>
      <button type="button" className="staff-notice-open" disabled={!tableId} onClick={() => tableId && void controller.openTable(tableId)}>
        <span className="staff-notice-text">{text}</span>
        <time dateTime={notice.at}>{formatClock(notice.at, i18n.language)}</time>
      </button>
      <button
        type="button"
        className="staff-notice-ack"
        aria-label={t('notices.ackLabel', { text })}
        onClick={() => void controller.ack(notice.id).then((outcome) => setError(outcome.ok ? null : t(`errors.${outcome.code}`)))}
      >
        {t('notices.ack')}
      </button>
      {error && (
        <p role="alert" className="staff-error">
          {error}
        </p>
      )}
    </li>
  );
}

export function NoticesView() {
  const { t } = useTranslation();
  const notices = useStaff((s) => s.notices);
  const following = useStaff((s) => s.following);
  const sorted = useMemo(() => sortNotices(notices), [notices]);
  const problems = sorted.filter(isProblem);
  const news = sorted.filter((n) => !isProblem(n));
  if (sorted.length === 0) {
    const none = following.tableIds.length === 0 && following.areas.length === 0;
    return <p className="staff-empty">{t(none ? 'notices.noneFollowed' : 'notices.empty')}</p>;
  }
  return (
    <section className="staff-notices" aria-label={t('tabs.notices')}>
      {problems.length > 0 && (
        <>
          <h2>{t('notices.problems')}</h2>
          <ul>
            {problems.map((n) => (
              <NoticeItem key={n.id} notice={n} />
            ))}
          </ul>
        </>
      )}
      {news.length > 0 && (
        <>
          <h2>{t('notices.news')}</h2>
          <ul>
            {news.map((n) => (
              <NoticeItem key={n.id} notice={n} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
