import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { snapshotFixture } from '../../test/fixture';
import { guestPayInput } from './use-demo-payment';

const { t } = createI18n('en');
const snapshot = snapshotFixture(0);
const table = snapshot.tables.find((tb) => tb.id === 't2')!;
const bill = snapshot.bills.find((b) => b.id === 'b2')!;
const some = (quantities: Record<string, string>, tip = '') => ({ payAll: false, quantities, tip });

describe('guestPayInput (what the demo panel sends)', () => {
  it('everything: table, bill and outcome; a tip typed with a comma becomes decimal text', () => {
    expect(guestPayInput(t, table, bill, { payAll: true, quantities: { i1: '1' }, tip: ' 12,5 ' }, 'paid', 'en')).toEqual({
      input: { tableId: 't2', billId: 'b2', outcome: 'paid', tip: '12.5' },
    });
  });

  it('some items: blank and zero quantities are left out, the others kept in bill order', () => {
    expect(guestPayInput(t, table, bill, some({ i2: '1', i1: '0' }), 'declined', 'en')).toEqual({
      input: { tableId: 't2', billId: 'b2', outcome: 'declined', items: [{ id: 'i2', quantity: '1' }] },
    });
    expect(guestPayInput(t, table, bill, some({ i1: '1,5', i2: ' ' }), 'paid', 'en')).toEqual({
      input: { tableId: 't2', billId: 'b2', outcome: 'paid', items: [{ id: 'i1', quantity: '1.5' }] },
    });
  });

  it('names the first bad field and sends nothing', () => {
    const error = (message: string) => ({ error: { code: 'input', message } });
    expect(guestPayInput(t, undefined, undefined, some({}), 'paid', 'en')).toEqual(error('Table: required, fill it in'));
    expect(guestPayInput(t, table, bill, some({ i1: 'x' }, 'ten'), 'paid', 'en')).toEqual(error('Tip: enter a number such as 12.50'));
    expect(guestPayInput(t, table, bill, some({ i1: '0', i2: '' }), 'paid', 'en')).toEqual(error('Items: enter a quantity for at least one item'));
    expect(guestPayInput(t, table, bill, some({ i2: '-1' }), 'paid', 'en')).toEqual(error('Quantity of Goulash to pay: enter a number such as 12.50'));
  });

  it('reads the tip as money in the language: "1.250" in Czech is asked about, never guessed', () => {
    const cs = createI18n('cs').t;
    const ask = guestPayInput(cs, table, bill, { payAll: true, quantities: {}, tip: '1.250' }, 'paid', 'cs');
    expect(ask).toMatchObject({ error: { code: 'input' } });
    expect('error' in ask && (ask.error.message ?? '').replace(/[\u00a0\u202f]/g, ' ')).toBe('Spropitné: Myslíte 1 250,00 Kč, nebo 1,25 Kč?');
    expect(guestPayInput(cs, table, bill, { payAll: true, quantities: {}, tip: '1 250' }, 'paid', 'cs')).toMatchObject({ input: { tip: '1250' } });
    expect(guestPayInput(cs, table, bill, { payAll: true, quantities: {}, tip: '12,345' }, 'paid', 'cs')).toMatchObject({ error: { code: 'input' } });
    expect(guestPayInput(t, table, bill, { payAll: true, quantities: {}, tip: '1,250' }, 'paid', 'en')).toMatchObject({ error: { code: 'input' } });
  });
});
