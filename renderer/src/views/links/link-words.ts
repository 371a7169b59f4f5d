// How a payment link is named in the cashier's sentences (its description and amount, never its
// id), and how its refusals are worded: the amount's own rules first, then the shared words.
import type { i18n as I18n, TFunction } from 'i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { wordError } from '../common/command-error';
import type { CommandError } from '../common/use-command';

export function linkMoney(t: TFunction, link: Pick<PaymentLinkView, 'amount' | 'currency'>, language: string): string {
  return link.amount === null ? t('links.list.anyAmount') : formatMoney(link.amount, link.currency, language);
}

/** "Deposit, table for 8 (250,00 Kč)", or just the amount when it has no description. */
export function linkLabel(t: TFunction, link: Pick<PaymentLinkView, 'amount' | 'currency' | 'description'>, language: string): string {
  const money = linkMoney(t, link, language);
  return link.description ? `${link.description} (${money})` : money;
}

/** The refusal of a link command in the cashier's words. */
export function wordLinkError(t: TFunction, i18n: I18n, error: CommandError): string {
  const params = error.params ?? {};
  const reason = typeof params.reason === 'string' ? `_${params.reason.toUpperCase()}` : '';
  for (const key of [`links.errors.${error.code}${reason}`, `links.errors.${error.code}`]) {
    if (i18n.exists(key)) return t(key, { ...params });
  }
  const sentence = wordError(t, i18n, error);
  const named = typeof params.currency === 'string' ? { amount: typeof params.amount === 'string' ? params.amount : null, currency: params.currency } : null;
  const money = named ? linkMoney(t, named, i18n.language) : '';
  if (error.action === 'createPaymentLink' && named) return t('links.errors.notCreated', { money, reason: sentence });
  if (error.action === 'deletePaymentLink' && named) {
    const link = typeof params.link === 'string' ? `${params.link} (${money})` : money;
    return t('links.errors.notDeleted', { link, reason: sentence });
  }
  return sentence;
}
