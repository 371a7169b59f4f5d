// Notices that stay until the cashier acknowledges them ("Table 12 paid 324.00 CZK + 30.00 tip").
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Notice } from '../../../../preload/contract';
import { useApi, useAppState } from '../../app-context';
import { formatMoney, isZero } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { openNotices } from '../../store/selectors';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';

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
  const { t, i18n } = useTranslation();
  const api = useApi();
  const all = useAppState((s) => s.notices);
  const notices = useMemo(() => openNotices(all), [all]);
  const { run, error, pending } = useCommand();
  if (notices.length === 0 && !error) return null;

  return (
    <section className="notices" aria-label={t('notices.title')} aria-live="polite">
      <CommandErrorText error={error} />
      <ul className="plain">
        {notices.map((n) => (
          <li key={n.id} className={`notice notice-${n.kind}`}>
            <span className="notice-time">{formatClock(n.at, i18n.language)}</span>
            <span className="notice-text">{noticeText(t, n, i18n.language)}</span>
            <button type="button" disabled={pending} onClick={() => void run(() => api.acknowledgeNotice({ noticeId: n.id }))}>
              {t('notices.acknowledge')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
