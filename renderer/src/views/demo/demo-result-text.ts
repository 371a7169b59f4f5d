import type { TFunction } from 'i18next';

/**
 * The service's final state in the cashier's words; the payment's uuid means nothing to them.
 * A declined card ends CANCELLED at the service, so the button pressed tells the two apart.
 */
export function demoResultText(t: TFunction, state: string, asked: 'paid' | 'declined'): string {
  switch (state.toUpperCase()) {
    case 'PAID':
      return t('demo.resultPaid');
    case 'AUTHORIZED':
      return t('demo.resultAuthorized');
    case 'DECLINED':
      return t('demo.resultDeclined');
    case 'CANCELLED':
      return t(asked === 'declined' ? 'demo.resultDeclined' : 'demo.resultCancelled');
    default:
      return t('demo.resultOther', { state });
  }
}
