import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../../preload/contract';
import { fail } from '../../test/fake-api';
import { settingsFixture, snapshotFixture } from '../../test/fixture';
import { orderFixture, withStatus } from '../../test/order-fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const inbox = () => screen.getByRole('region', { name: 'Order inbox' });
const card = (name: string | RegExp) => within(inbox()).getByRole('article', { name });

async function openOrders(options: Parameters<typeof renderApp>[0] = {}) {
  const app = await renderApp(options);
  await app.user.click(screen.getByRole('tab', { name: /^Orders/ }));
  return app;
}

describe('Order inbox', () => {
  it('rings, counts and shows a new order with its table, lines and notes; Accept is one press', async () => {
    const now = Date.now();
    const { api, pushEvents, beeps, user, missingKeys } = await openOrders();
    expect(within(inbox()).getByText(/No orders yet/)).toBeInTheDocument();
    const order = orderFixture(now, { id: 'o1' });
    pushEvents({ type: 'order', seq: 11, order });
    expect(beeps).toEqual(['order']);
    const ordersTab = screen.getByRole('tab', { name: 'Orders' });
    expect(ordersTab).toHaveAccessibleDescription(/1 waiting$/);
    expect(ordersTab).toHaveTextContent('1');
    const c = card('Table 5');
    expect(c).toHaveTextContent('2× Pilsner');
    expect(c).toHaveTextContent('1× Goulash (no onion)');
    expect(c).toHaveTextContent('Note: We sit outside');
    expect(c).toHaveTextContent('Total CZK 324.00');
    expect(c).toHaveTextContent('New');
    await user.click(within(c).getByRole('button', { name: 'Accept' }));
    expect(api.callsOf('setOrderStatus')).toEqual([{ orderId: 'o1', status: 'ACCEPTED' }]);
    // The same event again (a repeat) does not ring twice.
    pushEvents({ type: 'order', seq: 12, order: { ...order, status: 'ACCEPTED', overdueAt: null, updated: new Date(now).toISOString() } });
    expect(beeps).toEqual(['order']);
    expect(screen.getByRole('tab', { name: 'Orders' })).not.toHaveAccessibleDescription(/waiting/);
    expectNoMissingKeys(missingKeys);
  });

  it('walks an accepted order through Preparing, Ready and Complete, each one press', async () => {
    const now = Date.now();
    let current: OrderView = orderFixture(now, { id: 'o2', status: 'ACCEPTED' });
    const snapshot = snapshotFixture(now);
    snapshot.orders = [current];
    const { api, pushEvents, user } = await openOrders({ snapshot });
    api.answer('setOrderStatus', (input) => {
      current = withStatus(current, input.status, { updated: new Date(Date.now() + 1000).toISOString() });
      return { ok: true, value: current };
    });
    let seq = 11;
    for (const [button, status] of [
      ['Preparing', 'PREPARING'],
      ['Ready', 'READY'],
      ['Complete', 'COMPLETE'],
    ] as const) {
      await user.click(within(card('Table 5')).getByRole('button', { name: button }));
      expect(api.callsOf('setOrderStatus').at(-1)).toEqual({ orderId: 'o2', status });
      pushEvents({ type: 'order', seq: seq++, order: current });
    }
    expect(within(inbox()).queryByRole('article')).toBeNull();
    const done = screen.getByRole('region', { name: 'Answered today' });
    expect(within(done).getByRole('article', { name: 'Table 5' })).toHaveTextContent('Complete');
    expect(within(done).queryByRole('button', { name: 'Complete' })).toBeNull();
    expect(within(done).queryByRole('button', { name: 'Print ticket' })).toBeNull();
  });

  it('rejects in two steps: Reject shows the reason, Confirm sends it, and asks for words when "other" is blank', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o3' }), orderFixture(now, { id: 'o4', tableName: 'Bar 1' })];
    const { api, user } = await openOrders({ snapshot });
    // No card asks for a reason before anyone pressed Reject.
    expect(within(inbox()).queryByLabelText('Reason the guest sees')).toBeNull();
    await user.click(within(card('Table 5')).getByRole('button', { name: 'Reject' }));
    expect(api.callsOf('setOrderStatus')).toHaveLength(0);
    expect(within(card('Table 5')).getByLabelText('Reason the guest sees')).toHaveFocus();
    expect(within(card('Bar 1')).queryByLabelText('Reason the guest sees')).toBeNull();
    await user.click(within(card('Table 5')).getByRole('button', { name: 'Confirm' }));
    expect(api.callsOf('setOrderStatus')).toEqual([{ orderId: 'o3', status: 'REJECTED', reason: 'Sorry, the kitchen is too busy right now.' }]);

    const bar = card('Bar 1');
    await user.click(within(bar).getByRole('button', { name: 'Reject' }));
    await user.selectOptions(within(bar).getByLabelText('Reason the guest sees'), 'Other (type it)…');
    await user.click(within(bar).getByRole('button', { name: 'Confirm' }));
    expect(within(bar).getByRole('alert')).toHaveTextContent('Type the reason the guest will see');
    expect(api.callsOf('setOrderStatus')).toHaveLength(1);
    await user.type(within(bar).getByRole('textbox', { name: 'Your reason' }), 'We close in 10 minutes');
    await user.click(within(bar).getByRole('button', { name: 'Confirm' }));
    expect(api.callsOf('setOrderStatus').at(-1)).toEqual({ orderId: 'o4', status: 'REJECTED', reason: 'We close in 10 minutes' });
  });

  it('Back and Escape leave the reason without rejecting, and Reject takes the keyboard again', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o5' })];
    const { api, user } = await openOrders({ snapshot });
    const c = card('Table 5');
    await user.click(within(c).getByRole('button', { name: 'Reject' }));
    expect(within(c).queryByRole('button', { name: 'Accept' })).toBeNull();
    await user.click(within(c).getByRole('button', { name: 'Back' }));
    expect(within(c).queryByLabelText('Reason the guest sees')).toBeNull();
    expect(within(c).getByRole('button', { name: 'Reject' })).toHaveFocus();
    expect(within(c).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    await user.click(within(c).getByRole('button', { name: 'Reject' }));
    expect(within(c).getByLabelText('Reason the guest sees')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(c).queryByLabelText('Reason the guest sees')).toBeNull();
    expect(within(c).getByRole('button', { name: 'Reject' })).toHaveFocus();
    expect(api.callsOf('setOrderStatus')).toHaveLength(0);
  });
});

describe('Order inbox: time, pause, pickup, errors, Czech', () => {
  it('shows an unanswered order as overdue 8 minutes in, with the time left before the service cancels it', async () => {
    const now = Date.parse('2026-11-22T18:00:00Z');
    const snapshot = snapshotFixture(now);
    snapshot.orders = [
      orderFixture(now, { id: 'late', tableName: '7', created: new Date(now - 8.5 * 60_000).toISOString() }),
      orderFixture(now, { id: 'fresh', tableName: '8', created: new Date(now - 7.5 * 60_000).toISOString() }),
    ];
    await openOrders({ snapshot, now: () => now });
    const late = card('Table 7');
    expect(late).toHaveClass('order-overdue');
    expect(late).toHaveTextContent('Overdue: answer now · The service cancels it in 1:30');
    const fresh = card('Table 8');
    expect(fresh).not.toHaveClass('order-overdue');
    expect(fresh).not.toHaveTextContent('Overdue');
    expect(fresh).toHaveTextContent(/Answer by \d\d:\d\d/);
    // The overdue one is listed first among the new ones (oldest first).
    expect(
      within(inbox())
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-order-id')),
    ).toEqual(['late', 'fresh']);
  });

  it('pauses and resumes orders with one switch', async () => {
    const now = Date.now();
    const { api, user, pushEvents } = await openOrders();
    const pause = screen.getByRole('switch', { name: 'Pause orders' });
    expect(pause).toHaveAttribute('aria-checked', 'false');
    await user.click(pause);
    expect(api.callsOf('setOrdersPaused')).toEqual([{ paused: true }]);
    expect(pause).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/Orders are paused/)).toBeInTheDocument();
    // Another window (or the POS) switches it back: the menu event carries the flag.
    pushEvents({ type: 'menu', seq: 11, menu: snapshotFixture(now).menu, ordersPaused: false });
    expect(pause).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText(/Orders are paused/)).toBeNull();
  });

  it('shows a pickup order by its time and whether it is paid; no sound for orders already there or with sound off', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.settings = settingsFixture({ sound: false });
    snapshot.orders = [
      orderFixture(now, {
        id: 'o5',
        deliveryType: 'byCustomer',
        tableId: null,
        tableName: null,
        billId: null,
        pickupAt: '2026-11-22T17:30:00Z',
        paid: true,
        customerName: 'Eva',
      }),
    ];
    const { pushEvents, beeps } = await openOrders({ snapshot });
    const pickup = within(inbox()).getByRole('article', { name: /^Pickup \d\d:\d\d$/ });
    expect(pickup).toHaveTextContent('Paid in advance');
    expect(pickup).toHaveTextContent('For Eva');
    pushEvents({ type: 'order', seq: 11, order: orderFixture(now, { id: 'o6' }) });
    expect(beeps).toEqual([]);
  });

  it('words a refusal from its code and keeps the keyboard in the card', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o7' })];
    const { api, user } = await openOrders({ snapshot });
    api.answer('setOrderStatus', fail('CONFLICT', undefined, 'setOrderStatus'));
    const accept = within(card('Table 5')).getByRole('button', { name: 'Accept' });
    accept.focus();
    await user.keyboard('{Enter}');
    expect(within(card('Table 5')).getByRole('alert')).toHaveTextContent('This order has already moved on');
    expect(card('Table 5')).toContainElement(document.activeElement as HTMLElement);
  });

  it('speaks Czech', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o8' })];
    const app = await renderApp({ snapshot, language: 'cs' });
    await app.user.click(screen.getByRole('tab', { name: /^Objednávky/ }));
    const c = within(screen.getByRole('region', { name: 'Schránka objednávek' })).getByRole('article', { name: 'Stůl 5' });
    expect(within(c).getByRole('button', { name: 'Přijmout' })).toBeInTheDocument();
    expect(within(c).getByRole('button', { name: 'Odmítnout' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Pozastavit objednávky' })).toBeInTheDocument();
    expectNoMissingKeys(app.missingKeys);
  });
});

describe('Order inbox: kitchen ticket', () => {
  const accepted = (now: number) => {
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o9' })];
    return snapshot;
  };

  it('prints the ticket by itself on Accept when Settings has a printer, silently', async () => {
    const now = Date.now();
    const snapshot = accepted(now);
    snapshot.settings = settingsFixture({ printer: 'Kitchen' });
    const { api, user } = await openOrders({ snapshot });
    await user.click(within(card('Table 5')).getByRole('button', { name: 'Accept' }));
    await screen.findByText('Ticket sent to the printer.');
    expect(api.callsOf('printTicket')).toEqual([{ orderId: 'o9', mode: 'silent' }]);
  });

  it('without a printer, Accept prints nothing; "Print ticket" opens the print dialog', async () => {
    const now = Date.now();
    const snapshot = accepted(now);
    const { api, user, pushEvents } = await openOrders({ snapshot });
    await user.click(within(card('Table 5')).getByRole('button', { name: 'Accept' }));
    expect(api.callsOf('printTicket')).toEqual([]);
    pushEvents({ type: 'order', seq: 11, order: { ...snapshot.orders[0]!, status: 'ACCEPTED', overdueAt: null, updated: new Date(now + 1000).toISOString() } });
    await user.click(within(card('Table 5')).getByRole('button', { name: 'Print ticket' }));
    expect(api.callsOf('printTicket')).toEqual([{ orderId: 'o9', mode: 'dialog' }]);
  });

  it('in a browser, "Print ticket" opens the ticket page, which prints itself', async () => {
    const now = Date.now();
    const snapshot = accepted(now);
    snapshot.orders = [orderFixture(now, { id: 'o9', status: 'PREPARING' })];
    const { api, user, opened } = await openOrders({ snapshot, bridgeKind: 'browser' });
    await user.click(within(card('Table 5')).getByRole('button', { name: 'Print ticket' }));
    expect(opened).toEqual(['print.html?ticket=o9&autoprint=1']);
    expect(api.callsOf('printTicket')).toEqual([]);
  });
});

describe('Order inbox: to the bill', () => {
  it('a table order\'s "Open the bill" shows that bill in the Tables tab', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.orders = [orderFixture(now, { id: 'o10', tableId: 't2', tableName: '2', billId: 'b2', status: 'ACCEPTED' })];
    const { user, store } = await openOrders({ snapshot });
    await user.click(within(card('Table 2')).getByRole('button', { name: 'Open the bill' }));
    expect(store.getState().tab).toBe('tables');
    expect(store.getState().selectedTableId).toBe('t2');
    expect(await screen.findByRole('complementary', { name: 'Bill of Table 2' })).toBeInTheDocument();
  });
});
