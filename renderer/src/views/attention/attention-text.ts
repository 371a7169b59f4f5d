// Wording of a Needs attention entry: its explanation from kind + facts, its time, its refusals.
import type { i18n as I18n, TFunction } from 'i18next';
import type { AttentionEntry } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { formatClock } from '../../format/time-text';
import { wordError } from '../common/command-error';
import type { CommandError } from '../common/use-command';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "18:05" today, "21 Nov 18:05" before: a settled bill may wait days for the manager. */
export function formatSince(iso: string, language: string, now: number): string {
  const at = new Date(iso);
  if (at.toDateString() === new Date(now).toDateString()) return formatClock(iso, language);
  const locale = language === 'cs' ? 'cs-CZ' : 'en-GB';
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    dateFormats.set(locale, format);
  }
  return format.format(at);
}

export function entryMoney(entry: AttentionEntry, language: string): string {
  return entry.amount === null ? '' : formatMoney(entry.amount, entry.currency, language);
}

/** What happened and what to do, in the cashier's language. */
export function explainEntry(t: TFunction, i18n: I18n, entry: AttentionEntry): string {
  const money = entryMoney(entry, i18n.language);
  const d = entry.detail;
  switch (entry.kind) {
    case 'settled-bill':
      return t('attention.explain.settled-bill', { money, method: t(`attention.method.${d.method ?? 'cash'}`) });
    case 'refund-refused': {
      const reason = `attention.refusal.${d.code ?? ''}`;
      return t('attention.explain.refund-refused', { money, code: d.code && i18n.exists(reason) ? t(reason) : (d.code ?? '') });
    }
    case 'service-error':
      return d.code
        ? t('attention.explain.serviceErrorWithCode', { code: d.code, message: d.message ?? '' })
        : t('attention.explain.service-error', { message: d.message ?? '' });
    case 'receipt-pending':
      return t(d.state === 'refused' ? 'attention.explain.receiptRefused' : 'attention.explain.receipt-pending', {
        money,
        attempts: d.attempts ?? '0',
        code: d.code ?? '',
      });
    default:
      return t(`attention.explain.${entry.kind}`, { money });
  }
}

/** Needs attention's own refusals first (attention.error.*), then the app's words for the rest. */
export function wordAttentionError(t: TFunction, i18n: I18n, error: CommandError): string {
  const key = `attention.error.${error.code}`;
  return i18n.exists(key) ? t(key, { ...(error.params ?? {}) }) : wordError(t, i18n, error);
}
