import { describe, expect, it } from 'vitest';
import type { AttentionEntry } from '../../../../preload/contract';
import { createI18n } from '../../i18n/create-i18n';
import { explainEntry } from '../attention/attention-text';

const entry = (detail: Record<string, string>): AttentionEntry => ({
  id: 'receipt-pending:p1',
  kind: 'receipt-pending',
  since: '2026-11-21T20:16:00.000Z',
  tableId: 't5',
  tableName: '5',
  billId: 'b5',
  billName: null,
  paymentId: 'p1',
  amount: '125.00',
  tip: '0.00',
  currency: 'CZK',
  detail,
  actions: ['acknowledge'],
});
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('Needs attention words for a receipt not yet with the service (receipts)', () => {
  it('says it is being sent, with the attempts and the last error, in English and Czech', () => {
    const en = createI18n('en');
    expect(plain(explainEntry(en.t, en, entry({ state: 'sending', attempts: '3', code: '503' })))).toBe(
      'The payment service has not accepted the main POS’s receipt for CZK 125.00 yet; Tableside keeps sending it (3 attempts, last: 503).',
    );
    const cs = createI18n('cs');
    expect(plain(explainEntry(cs.t, cs, entry({ state: 'sending', attempts: '3', code: '503' })))).toContain(
      'Tableside ji posílá dál (3 pokusů, naposledy: 503)',
    );
    expect(cs.t('attention.kind.receipt-pending')).toBe('Účtenka zatím není u platební služby');
  });

  it('says what to do when the service refused it', () => {
    const en = createI18n('en');
    expect(plain(explainEntry(en.t, en, entry({ state: 'refused', attempts: '1', code: '404' })))).toBe(
      'The payment service refused the main POS’s receipt for CZK 125.00 (404). The main POS must send a corrected one; acknowledge once it did.',
    );
  });

  it('says the main POS has not sent the receipt of a paid payment yet, in English and Czech', () => {
    const awaited = { ...entry({}), id: 'receipt-awaited:p1', kind: 'receipt-awaited' as const };
    const en = createI18n('en');
    expect(en.t('attention.kind.receipt-awaited')).toBe('Waiting for the main POS’s receipt');
    expect(plain(explainEntry(en.t, en, awaited))).toContain('The guest paid CZK 125.00, but the main POS has not sent the fiscal receipt');
    const cs = createI18n('cs');
    expect(cs.t('attention.kind.receipt-awaited')).toBe('Čeká se na účtenku hlavní pokladny');
    expect(plain(explainEntry(cs.t, cs, awaited))).toContain('hlavní pokladna k platbě zatím neposlala účtenku');
  });
});
