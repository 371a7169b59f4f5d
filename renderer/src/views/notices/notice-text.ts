// A notice in the cashier's words: one line, the table first, the money through the shared formatter.
import type { TFunction } from 'i18next';
import type { Notice } from '../../../../preload/contract';
import { formatMoney, isZero } from '../../format/decimal-text';
import { tableLabel } from '../common/labels';

/** Kinds that call for the cashier (the problem sound, the reminder); the others are good news. */
export function isProblem(n: Notice): boolean {
  return n.kind === 'declined' || n.kind === 'failed' || n.kind === 'capture' || n.kind === 'service-error' || n.kind === 'staff-call';
}

function paidText(t: TFunction, n: Notice, table: string, amount: string, language: string): string {
  const tip = n.tip && !isZero(n.tip) ? formatMoney(n.tip, null, language) : null;
  // Partly paid: "Table 5 paid 321.00 of 840.00 CZK, 519.00 left".
  if (n.billDue && n.billTotal && !isZero(n.billDue)) {
    const parts = {
      table,
      amount: formatMoney(n.amount ?? '0', null, language),
      total: formatMoney(n.billTotal, n.currency, language),
      due: formatMoney(n.billDue, null, language),
    };
    return tip ? t('notices.action.paidPartWithTip', { ...parts, tip }) : t('notices.action.paidPart', parts);
  }
  return tip ? t('notices.paidWithTip', { table, amount, tip }) : t('notices.paid', { table, amount });
}

function failedReason(t: TFunction, state: string | null): string {
  if (state === 'LOCK_EXPIRED' || state === 'NOT_FOUND' || state === 'ABANDONED' || state === 'CANCELLED') return t(`notices.action.reason.${state}`);
  return t('notices.action.reason.other', { state: state ?? '?' });
}

export function noticeText(t: TFunction, n: Notice, language: string): string {
  const table = tableLabel(t, n.tableName);
  const amount = n.amount === null ? '' : formatMoney(n.amount, n.currency, language);
  switch (n.kind) {
    case 'paid':
      return paidText(t, n, table, amount, language);
    case 'cancelled':
    case 'refunded':
      return t('notices.action.refunded', { table, amount });
    case 'declined':
      return t('notices.declined', { table, amount });
    case 'failed':
      return t('notices.action.failed', { table, amount, reason: failedReason(t, n.message) });
    case 'capture':
      return t('notices.action.capture', { table, amount });
    case 'service-error':
      return t('notices.serviceError', { message: n.message ?? '' });
    case 'staff-call':
      // A waiter's phone rang the till: a guest needs help, or the manager is wanted.
      return t(n.message === 'manager' ? 'notices.staffCallManager' : 'notices.staffCallHelp', { table });
  }
}
