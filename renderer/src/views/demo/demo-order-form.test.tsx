import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { createI18n } from '../../i18n/create-i18n';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { demoOrderText, pickupIso } from './use-demo-order';

const orderRegion = () => screen.getByRole('region', { name: 'Demo: order as a guest' });

async function openDemo() {
  const rendered = await renderApp();
  await rendered.user.click(screen.getByRole('tab', { name: 'Demo' }));
  return rendered;
}

describe('Demo: order as a guest', () => {
  it('orders two beers onto a table with a note, reached by keyboard, and says where the lines went', async () => {
    const { user, api, missingKeys } = await openDemo();
    const region = within(orderRegion());
    await user.selectOptions(region.getByLabelText('Order to table'), 't2');
    await user.click(region.getByLabelText('Quantity of Pilsner to order'));
    await user.keyboard('2');
    await user.tab(); // Goulash
    await user.tab(); // the note
    expect(region.getByLabelText('Note for the kitchen')).toHaveFocus();
    await user.keyboard('no ice');
    await user.tab();
    expect(region.getByRole('button', { name: 'Place order' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(api.callsOf('guestOrder')).toEqual([{ tableId: 't2', items: [{ id: 'm1', quantity: '2' }], note: 'no ice' }]);
    expect(await region.findByRole('status')).toHaveTextContent('Order sent: CZK 124.00 is on the bill of Table 2. Accept or reject it in Orders.');
    // Placed: the form is ready for the next order.
    expect(region.getByLabelText('Quantity of Pilsner to order')).toHaveValue('');
    expectNoMissingKeys(missingKeys);
  });

  it('orders for pickup at a time today, with its offset', async () => {
    const { user, api } = await openDemo();
    const region = within(orderRegion());
    await user.click(region.getByLabelText('For pickup (paid in advance)'));
    expect(region.queryByLabelText('Order to table')).toBeNull();
    const time = region.getByLabelText('Pickup time');
    await user.clear(time);
    await user.type(time, '18:30');
    await user.type(region.getByLabelText('Quantity of Goulash to order'), '1,5');
    await user.click(region.getByRole('button', { name: 'Place order' }));
    const [call] = api.callsOf('guestOrder') as [{ pickupAt: string; items: unknown }];
    expect(call.items).toEqual([{ id: 'm2', quantity: '1.5' }]);
    expect(call.pickupAt).toMatch(/^\d{4}-\d{2}-\d{2}T18:30:00[+-]\d{2}:\d{2}$/);
    expect(await region.findByRole('status')).toHaveTextContent('Order paid (CZK 124.00) and sent. Accept or reject it in Orders.');
  });

  it('names the missing table, the missing items and a bad quantity; sends nothing', async () => {
    const { user, api } = await openDemo();
    const region = within(orderRegion());
    await user.click(region.getByRole('button', { name: 'Place order' }));
    expect(region.getByRole('alert')).toHaveTextContent('Order to table: required, fill it in');
    await user.selectOptions(region.getByLabelText('Order to table'), 't1');
    await user.click(region.getByRole('button', { name: 'Place order' }));
    expect(region.getByRole('alert')).toHaveTextContent('Items: enter a quantity for at least one item');
    await user.type(region.getByLabelText('Quantity of Pilsner to order'), 'two');
    await user.click(region.getByRole('button', { name: 'Place order' }));
    expect(region.getByRole('alert')).toHaveTextContent('Quantity of Pilsner to order: enter a number greater than 0');
    expect(api.callsOf('guestOrder')).toEqual([]);
  });

  it("words the till's refusal with the item names, and a failure of the sandbox", async () => {
    const { user, api } = await openDemo();
    const region = within(orderRegion());
    api.answer('guestOrder', {
      ok: true,
      value: { orderId: 'o1', outcome: 'refused', billId: null, total: null, refusal: { code: 'ITEM_UNAVAILABLE', items: ['Pilsner'] } },
    });
    await user.selectOptions(region.getByLabelText('Order to table'), 't1');
    await user.type(region.getByLabelText('Quantity of Pilsner to order'), '1');
    await user.click(region.getByRole('button', { name: 'Place order' }));
    expect(await region.findByRole('status')).toHaveTextContent('The till refused the order, sold out: Pilsner.');
    api.answer('guestOrder', fail('NO_POS_CONNECTION', undefined, 'guestOrder'));
    await user.click(region.getByRole('button', { name: 'Place order' }));
    expect(await region.findByRole('alert')).toHaveTextContent('The demo service is not connected to this till yet.');
    expect(region.queryByRole('status')).toBeNull();
  });

  it('filters a long menu by search', async () => {
    const { user } = await openDemo();
    const region = within(orderRegion());
    await user.type(region.getByLabelText('Find an item'), 'gou');
    expect(region.queryByLabelText('Quantity of Pilsner to order')).toBeNull();
    expect(region.getByLabelText('Quantity of Goulash to order')).toBeInTheDocument();
    await user.type(region.getByLabelText('Find an item'), 'x');
    expect(region.getByText('Nothing on the menu matches.')).toBeInTheDocument();
  });

  it('words results in Czech, and builds pickup times with the offset', () => {
    const cs = createI18n('cs');
    const placed = { orderId: 'o', outcome: 'placed' as const, billId: null, total: '347', refusal: null };
    expect(demoOrderText(cs.t, 'cs', placed, undefined, 'CZK')).toMatch(/^Objednávka zaplacena \(347,00\s*Kč\) a odeslána\./);
    const paused = { ...placed, outcome: 'refused' as const, refusal: { code: 'ORDERS_PAUSED', items: [] } };
    expect(demoOrderText(cs.t, 'cs', paused, undefined, 'CZK')).toMatch(/objednávky jsou pozastavené/);
    expect(demoOrderText(createI18n('en').t, 'en', { ...paused, refusal: { code: 'WEIRD', items: [] } }, undefined, 'CZK')).toBe(
      'The till refused the order (code WEIRD).',
    );
    expect(pickupIso('7:05', new Date(2026, 10, 22, 12))).toMatch(/^2026-11-22T07:05:00[+-]\d{2}:\d{2}$/);
    expect(pickupIso('25:00', new Date())).toBeNull();
  });
});
