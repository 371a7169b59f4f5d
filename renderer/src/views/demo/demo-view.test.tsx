import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { snapshotFixture, tableFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

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
    expect(screen.getByLabelText(/Everything due \(324.00 CZK\)/)).toBeChecked();
    await user.type(screen.getByLabelText('Tip'), '30');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(api.callsOf('guestPay')).toEqual([{ tableId: 't2', billId: 'b2', outcome: 'paid', tip: '30' }]);
    expect(await screen.findByText('Payment p-new: PAID')).toBeInTheDocument();
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

  it('declines and shows a failure from the sandbox', async () => {
    const { user, api } = await openDemo();
    api.answer('guestPay', fail('The sandbox is not running. Restart Tableside in demo mode.'));
    await user.selectOptions(screen.getByLabelText('Table'), 't3');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(api.callsOf('guestPay')).toEqual([{ tableId: 't3', billId: 'b3', outcome: 'declined' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The sandbox is not running');
  });

  it('offers a table as soon as a pushed event gives it a bill', async () => {
    const { pushEvents } = await openDemo();
    expect(screen.queryByRole('option', { name: /Table 1 ·/ })).toBeNull();
    pushEvents({ type: 'table', seq: 11, table: tableFixture({ id: 't1', name: '1', state: 'open', due: '54', currency: 'CZK', openBillIds: ['b2'] }) });
    expect(screen.getByRole('option', { name: /Table 1 ·/ })).toBeInTheDocument();
  });
});
