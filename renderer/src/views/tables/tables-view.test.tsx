import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { billFixture, settingsFixture, snapshotFixture, tableFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

describe('Tables view', () => {
  it('draws the cards at the density the settings hold, and follows a change', async () => {
    const snapshot = snapshotFixture();
    snapshot.settings = settingsFixture({ tableDensity: 'comfortable' });
    const { pushEvents } = await renderApp({ snapshot });
    const view = () => document.querySelector('.tables-view');
    expect(view()).toHaveClass('density-comfortable');
    pushEvents({ type: 'settings', seq: 11, settings: settingsFixture({ tableDensity: 'compact' }) });
    expect(view()).toHaveClass('density-compact');
    expect(view()).not.toHaveClass('density-comfortable');
  });

  it('shows tables grouped by area with state and due amount', async () => {
    const { missingKeys } = await renderApp();
    const terrace = screen.getByRole('region', { name: 'Terrace' });
    const card = within(terrace).getByRole('button', { name: /Table 2/ });
    expect(card).toHaveTextContent('Open');
    expect(card).toHaveTextContent('CZK 324.00');
    expect(within(screen.getByRole('region', { name: 'Hall' })).getByRole('button', { name: /Table 12/ })).toHaveTextContent('Partly paid');
    expect(screen.getByRole('button', { name: /Bar 1/ })).toHaveTextContent('Payment in progress');
    expect(screen.getByRole('button', { name: /^Table 1(?!\d)/ })).toHaveTextContent('Free');
    expectNoMissingKeys(missingKeys);
  });

  it('updates live from a pushed table event', async () => {
    const { pushEvents } = await renderApp();
    pushEvents({ type: 'table', seq: 11, table: tableFixture({ id: 't1', name: '1', area: 'Terrace', state: 'paid', due: '0', currency: 'CZK' }) });
    expect(screen.getByRole('button', { name: /^Table 1(?!\d)/ })).toHaveTextContent('Paid');
  });

  it('opens a bill with items, paid and locked quantities, totals and payments', async () => {
    const { user } = await renderApp();
    await user.click(screen.getByRole('button', { name: /Table 12/ }));
    const panel = screen.getByRole('complementary', { name: 'Bill of Table 12' });
    const coffee = within(panel).getByRole('row', { name: /Coffee/ });
    expect(coffee).toHaveTextContent('CZK 50.00');
    expect(coffee).toHaveTextContent('CZK 100.00');
    expect(within(panel).getByText('Due').nextElementSibling).toHaveTextContent('CZK 100.00');
    expect(within(panel).getByText('Tips').nextElementSibling).toHaveTextContent('CZK 30.00');
    expect(within(panel).getByRole('region', { name: 'Payments on this bill' })).toHaveTextContent('CZK 324.00');
    // Coffee has one paid: it cannot be removed; Cake can.
    expect(within(coffee).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Remove Cake' })).toBeEnabled();
  });

  it('does not offer removal of a locked item', async () => {
    const { user } = await renderApp();
    await user.click(screen.getByRole('button', { name: /Bar 1/ }));
    const row = screen.getByRole('row', { name: /Wine/ });
    expect(within(row).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(row).toHaveTextContent('Paid or in payment');
  });

  it('opens a bill on a free table and shows the new bill when main reports it', async () => {
    const now = Date.now();
    const { user, api, pushEvents } = await renderApp();
    await user.click(screen.getByRole('button', { name: /^Table 1(?!\d)/ }));
    await user.type(screen.getByLabelText('Bill name (optional)'), 'Window');
    await user.click(screen.getByRole('button', { name: 'Open a bill' }));
    expect(api.callsOf('openBill')).toEqual([{ tableId: 't1', name: 'Window' }]);
    // Main pushes the table's new view, not the bill's: the panel reads the table's bills again.
    api.answer('billsOfTable', { ok: true, value: [billFixture(now, { id: 'b-new', tableId: 't1', name: 'Window', items: [] })] });
    const reads = api.callsOf('billsOfTable').length;
    pushEvents({ type: 'table', seq: 12, table: tableFixture({ id: 't1', name: '1', area: 'Terrace', state: 'open', openBillIds: ['b-new'] }) });
    expect(await screen.findByText('No items yet: add the first one below.')).toBeInTheDocument();
    expect(api.callsOf('billsOfTable').slice(reads)).toEqual([{ tableId: 't1' }]);
  });

  it("reads the shown table's bills again when its view changes, and no other table's", async () => {
    const { user, api, pushEvents } = await renderApp();
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    const shown = api.snapshot.tables.find((t) => t.id === 't2')!;
    const bill = api.snapshot.bills.find((b) => b.tableId === 't2')!;
    const paid = { ...bill, items: bill.items.map((i) => ({ ...i, paidQuantity: i.quantity })), totals: { ...bill.totals, paid: bill.totals.total, due: '0' } };
    api.answer('billsOfTable', (input) => ({ ok: true, value: input.tableId === 't2' ? [paid] : [] }));
    const reads = api.callsOf('billsOfTable').length;
    const due = () => document.querySelector('.amount-due')?.textContent ?? '';
    const before = due();
    expect(before).toMatch(/324\.00/);
    // Another table changes: the shown bill is not read again.
    const other = api.snapshot.tables.find((t) => t.id !== 't2')!;
    pushEvents({ type: 'table', seq: 11, table: { ...other, name: `${other.name}b` } });
    expect(api.callsOf('billsOfTable').slice(reads)).toEqual([]);
    // A guest paid everything on the shown table: its view changes and the panel shows the bill as main holds it.
    pushEvents({ type: 'table', seq: 12, table: { ...shown, state: 'paid', due: '0' } });
    expect(api.callsOf('billsOfTable').slice(reads)).toEqual([{ tableId: 't2' }]);
    await waitFor(() => expect(due()).toMatch(/^CZK\s0\.00$/));
  });

  it('adds from the menu and as free text, and names the bad field', async () => {
    const { user, api } = await renderApp();
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    const form = screen.getByRole('form', { name: 'Add an item' });
    await user.selectOptions(within(form).getByLabelText('Menu'), 'm1');
    await user.clear(within(form).getByLabelText('Quantity'));
    await user.type(within(form).getByLabelText('Quantity'), '3');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(api.callsOf('addItem')).toEqual([{ billId: 'b2', name: 'Pilsner', price: '54', quantity: '3', menuId: 'm1' }]);

    await user.selectOptions(within(form).getByLabelText('Menu'), '');
    await user.type(within(form).getByLabelText('Name'), 'Bread');
    await user.type(within(form).getByLabelText('Price'), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Price: enter a number such as 12.50');
    expect(api.callsOf('addItem')).toHaveLength(1);

    await user.clear(within(form).getByLabelText('Price'));
    await user.type(within(form).getByLabelText('Price'), '12,50');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(api.callsOf('addItem')[1]).toEqual({ billId: 'b2', name: 'Bread', price: '12.50', quantity: '1' });
  });

  it('changes a quantity with the keyboard and removes an item', async () => {
    const { user, api } = await renderApp();
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    const qty = screen.getByLabelText('Quantity of Pilsner');
    await user.clear(qty);
    await user.type(qty, '4{Enter}');
    expect(api.callsOf('setItemQuantity')).toEqual([{ billId: 'b2', itemId: 'i1', quantity: '4' }]);
    await user.click(screen.getByRole('button', { name: 'Remove Goulash' }));
    expect(api.callsOf('removeItem')).toEqual([{ billId: 'b2', itemId: 'i2' }]);
  });

  it("shows main's error message when a command fails", async () => {
    const { user, api } = await renderApp();
    api.answer('removeItem', fail('CONFLICT', { table: '12', item: 'Goulash' }, 'removeItem'));
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    await user.click(screen.getByRole('button', { name: 'Remove Goulash' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Table 12: Goulash is paid or in a guest's payment and cannot be removed.");
  });

  it('closes a bill after confirmation; Escape cancels the dialog', async () => {
    const { user, api } = await renderApp();
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    await user.click(screen.getByRole('button', { name: 'Close bill' }));
    expect(screen.getByRole('dialog', { name: 'Close this bill?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Close bill' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close bill' }));
    // 324.00 is still due on b2: the close says how it was settled (close-bill-action.test.tsx).
    await user.click(within(screen.getByRole('dialog')).getByLabelText('Cash'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close bill' }));
    expect(api.callsOf('closeBill')).toEqual([{ billId: 'b2', settlement: { method: 'cash' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is reachable by keyboard: Tab to a table, Enter opens it', async () => {
    const snapshot = snapshotFixture();
    const { user } = await renderApp({ snapshot });
    const card = screen.getByRole('button', { name: /Table 2/ });
    card.focus();
    await user.keyboard('{Enter}');
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('complementary', { name: 'Bill of Table 2' })).toBeInTheDocument();
  });
});
