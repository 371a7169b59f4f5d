import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { snapshotFixture, tableFixture } from '../../test/fixture';
import { createI18n } from '../../i18n/create-i18n';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { demoResultText } from './demo-result-text';

const demoRegion = () => screen.getByRole('region', { name: 'Demo: pay as a guest' });

async function openDemo() {
  const rendered = await renderApp();
  await rendered.user.click(screen.getByRole('tab', { name: 'Demo' }));
  return rendered;
}

describe('Demo panel', () => {
  it('exists only in demo mode', async () => {
    const snapshot = snapshotFixture();
    snapshot.demo = false;
    await renderApp({ snapshot });
    expect(screen.queryByRole('tab', { name: 'Demo' })).toBeNull();
  });

  it('pays everything with a tip', async () => {
    const { user, api, missingKeys } = await openDemo();
    await user.selectOptions(screen.getByLabelText('Table'), 't2');
    expect(screen.getByLabelText(/Everything due \(CZK 324.00\)/)).toBeChecked();
    await user.type(screen.getByLabelText('Tip'), '30');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(api.callsOf('guestPay')).toEqual([{ tableId: 't2', billId: 'b2', outcome: 'paid', tip: '30' }]);
    expect(await within(demoRegion()).findByRole('status')).toHaveTextContent('Paid: the guest has paid');
    // The payment's uuid means nothing to a cashier.
    expect(within(demoRegion()).getByRole('status')).not.toHaveTextContent('p-new');
    expectNoMissingKeys(missingKeys);
  });

  it('Czech: a tip typed "1.250" is asked about, not sent, and the picked amount is what is paid', async () => {
    const { user, api, missingKeys } = await renderApp({ language: 'cs' });
    await user.click(screen.getByRole('tab', { name: 'Demo' }));
    await user.selectOptions(screen.getByLabelText('Stůl'), 't2');
    await user.type(screen.getByLabelText('Spropitné'), '1.250');
    const ask = screen.getByRole('group', { name: 'vyberte, kterou částku jste mysleli' });
    await user.click(screen.getByRole('button', { name: 'Zaplatit' }));
    expect(api.callsOf('guestPay')).toEqual([]);
    expect(screen.getByRole('alert').textContent?.replace(/[\u00a0\u202f]/g, ' ')).toBe('Spropitné: Myslíte 1 250,00 Kč, nebo 1,25 Kč?');
    await user.click(within(ask).getByRole('button', { name: /^1\s250,00\sKč$/ }));
    expect(screen.getByLabelText('Spropitné')).toHaveValue('1\u00a0250');
    await user.click(screen.getByRole('button', { name: 'Zaplatit' }));
    expect(api.callsOf('guestPay')).toEqual([{ tableId: 't2', billId: 'b2', outcome: 'paid', tip: '1250' }]);
    expectNoMissingKeys(missingKeys);
  });

  it('pays some items by quantity and names a bad quantity', async () => {
    const { user, api } = await openDemo();
    await user.selectOptions(screen.getByLabelText('Table'), 't2');
    await user.click(screen.getByLabelText('Some items'));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Items: enter a quantity for at least one item');
    await user.type(screen.getByLabelText('Quantity of Pilsner to pay'), 'x');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Quantity of Pilsner to pay: enter a number');
    await user.clear(screen.getByLabelText('Quantity of Pilsner to pay'));
    await user.type(screen.getByLabelText('Quantity of Pilsner to pay'), '1');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(api.callsOf('guestPay')).toEqual([{ tableId: 't2', billId: 'b2', outcome: 'paid', items: [{ id: 'i1', quantity: '1' }] }]);
  });

  it('words the service state for the cashier: a decline, an authorization, in Czech too', async () => {
    const { user, api } = await openDemo();
    api.answer('guestPay', { ok: true, value: { paymentId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', state: 'CANCELLED' } });
    await user.selectOptions(screen.getByLabelText('Table'), 't3');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await within(demoRegion()).findByRole('status')).toHaveTextContent('Declined: the card was refused');
    expect(within(demoRegion()).getByRole('status')).not.toHaveTextContent('9b1deb4d');
    const cs = createI18n('cs');
    expect(demoResultText(cs.t, 'AUTHORIZED', 'paid')).toBe('Autorizováno: platbu dokončete zachycením v Platbách.');
    expect(demoResultText(cs.t, 'CANCELLED', 'paid')).toMatch(/^Zrušeno/);
    expect(demoResultText(cs.t, 'PAID', 'paid')).toMatch(/^Zaplaceno/);
    expect(demoResultText(createI18n('en').t, 'PENDING', 'paid')).toBe('The payment service answered "PENDING": check the payment in Payments.');
  });

  it('declines and shows a failure from the sandbox', async () => {
    const { user, api } = await openDemo();
    api.answer('guestPay', fail('DEMO_ONLY', undefined, 'guestPay'));
    await user.selectOptions(screen.getByLabelText('Table'), 't3');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(api.callsOf('guestPay')).toEqual([{ tableId: 't3', billId: 'b3', outcome: 'declined' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Paying as a guest works only in demo mode.');
  });

  it('offers a table as soon as a pushed event gives it a bill', async () => {
    const { pushEvents } = await openDemo();
    expect(screen.queryByRole('option', { name: /Table 1 ·/ })).toBeNull();
    pushEvents({ type: 'table', seq: 11, table: tableFixture({ id: 't1', name: '1', state: 'open', due: '54', currency: 'CZK', openBillIds: ['b2'] }) });
    expect(screen.getByRole('option', { name: /Table 1 ·/ })).toBeInTheDocument();
  });

  it('does not offer a table with nothing due', async () => {
    const { pushEvents } = await openDemo();
    expect(screen.getByRole('option', { name: /Table 2 ·/ })).toBeInTheDocument();
    pushEvents({ type: 'table', seq: 11, table: tableFixture({ id: 't2', name: '2', state: 'paid', due: '0', currency: 'CZK', openBillIds: ['b2'] }) });
    expect(screen.queryByRole('option', { name: /Table 2 ·/ })).toBeNull();
  });
});
