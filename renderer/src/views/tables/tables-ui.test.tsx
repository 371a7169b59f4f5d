import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatClock } from '../../format/time-text';
import { snapshotFixture, tableFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// The table's card: the bill sheet's own buttons (Print QR) name the table too.
const card = (name: RegExp) => screen.getAllByRole('button', { name }).find((b) => b.dataset.tableId) ?? screen.getByRole('button', { name });
const TABLE_1 = /^Table 1(?!\d)/;

describe('Tables view: side sheet and compact cards', () => {
  it('the bill sheet names the state as its card does: partly paid, payment in progress, open', async () => {
    const { user, missingKeys } = await renderApp();
    const state = () => document.querySelector('.bill-sheet .bill-state .badge');
    await user.click(card(/Table 12/));
    expect(card(/Table 12/)).toHaveClass('state-partly-paid');
    expect(state()).toHaveTextContent(/^Partly paid$/);
    await user.click(card(/Bar 1/));
    expect(state()).toHaveTextContent(/^Payment in progress$/);
    await user.click(card(/^Table 2(?!\d)/));
    expect(state()).toHaveTextContent(/^Open$/);
    expectNoMissingKeys(missingKeys);
  });

  it('opens the bill in a side sheet beside the grid, and Hide bill gives focus back to the card', async () => {
    const { user, missingKeys } = await renderApp();
    expect(document.querySelector('.bill-sheet')).toBeNull();
    await user.click(card(/Table 12/));
    const sheet = document.querySelector('.bill-sheet');
    expect(sheet).not.toBeNull();
    expect(within(sheet as HTMLElement).getByRole('complementary', { name: 'Bill of Table 12' })).toBeInTheDocument();
    // The grid stays: the sheet is beside it, not above or below it in the same scroll.
    expect(screen.getByTestId('table-grid').contains(sheet)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Hide bill' }));
    expect(document.querySelector('.bill-sheet')).toBeNull();
    expect(card(/Table 12/)).toHaveFocus();
    expectNoMissingKeys(missingKeys);
  });

  it('a paid table shows what was paid and when, not 0.00; a free table recently paid shows it too', async () => {
    const now = Date.now();
    const at = new Date(now - 20 * 60_000).toISOString();
    const { pushEvents } = await renderApp();
    const time = formatClock(at, 'en');
    pushEvents({
      type: 'table',
      seq: 11,
      table: tableFixture({
        id: 't1',
        order: 1,
        name: '1',
        area: 'Terrace',
        state: 'paid',
        due: '0',
        currency: 'CZK',
        lastPaid: { amount: '412.50', currency: 'CZK', at },
      }),
    });
    const paid = card(TABLE_1);
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('412.50');
    expect(paid).toHaveTextContent(`Paid CZK 412.50 at ${time}`);
    expect(paid).not.toHaveTextContent('0.00');
    pushEvents({
      type: 'table',
      seq: 12,
      table: tableFixture({ id: 't1', order: 1, name: '1', area: 'Terrace', state: 'free', lastPaid: { amount: '412.50', currency: 'CZK', at } }),
    });
    expect(card(TABLE_1)).toHaveTextContent(/Free/);
    expect(card(TABLE_1)).toHaveTextContent('412.50');
  });

  it('marks a table that needs attention: a payment awaiting capture, or a lock held 5 minutes', async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    pushEvents(
      {
        type: 'table',
        seq: 11,
        table: tableFixture({
          id: 't2',
          order: 2,
          name: '2',
          area: 'Terrace',
          state: 'open',
          due: '324.00',
          currency: 'CZK',
          openBillIds: ['b2'],
          awaitingCapture: true,
        }),
      },
      {
        type: 'table',
        seq: 12,
        table: tableFixture({
          id: 't4',
          order: 4,
          name: 'Bar 1',
          state: 'in-payment',
          due: '60',
          currency: 'CZK',
          openBillIds: ['b4'],
          lockedSince: new Date(now - 6 * 60_000).toISOString(),
        }),
      },
      {
        type: 'table',
        seq: 13,
        table: tableFixture({
          id: 't3',
          order: 3,
          name: '12',
          area: 'Hall',
          state: 'in-payment',
          due: '100',
          currency: 'CZK',
          openBillIds: ['b3'],
          lockedSince: new Date(now - 60_000).toISOString(),
        }),
      },
    );
    expect(card(/Table 2/)).toHaveTextContent('Needs attention');
    expect(card(/Bar 1/)).toHaveTextContent('Needs attention');
    expect(card(/Table 12/)).not.toHaveTextContent('Needs attention');
  });

  it('state badges are the large badge class (14 px in styles.css) and carry the word as well as the colour', async () => {
    await renderApp();
    const badge = card(/Table 2/).querySelector('.badge');
    expect(badge).toHaveTextContent('Open');
    expect(card(/Table 2/)).toHaveClass('state-open');
  });
});

describe('Tables view: finding a table', () => {
  it('Enter ends the typed number: "1" Enter "2" goes to table 2, not 12', async () => {
    const { user } = await renderApp();
    await user.keyboard('1');
    expect(card(TABLE_1)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('complementary', { name: 'Bill of Table 1' })).toBeInTheDocument();
    expect(screen.queryByText('Table 1…')).toBeNull();
    await user.keyboard('2');
    expect(card(/^Table 2(?!\d)/)).toHaveFocus();
    expect(screen.getByText('Table 2…')).toBeInTheDocument();
  });

  it('after Escape on the close dialog, typing a number still jumps to a table', async () => {
    const { user } = await renderApp();
    await user.click(card(/Table 12/));
    await user.click(screen.getByRole('button', { name: 'Close bill' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus is back on the sheet's Close button; digits are not its keys.
    expect(screen.getByRole('button', { name: 'Close bill' })).toHaveFocus();
    await user.keyboard('2');
    expect(card(/^Table 2(?!\d)/)).toHaveFocus();
  });

  it('typing a table number moves focus to its card, Enter opens it', async () => {
    const { user } = await renderApp();
    await user.keyboard('12');
    expect(card(/Table 12/)).toHaveFocus();
    expect(screen.getByText('Table 12…')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('complementary', { name: 'Bill of Table 12' })).toBeInTheDocument();
  });

  it('typing a name finds it ("bar" is Bar 1); an exact number beats a longer one ("1" is not 12)', async () => {
    const { user } = await renderApp();
    await user.keyboard('bar');
    expect(card(/Bar 1/)).toHaveFocus();
    // Escape drops what was typed so far (else the next key would add to it: "bar1").
    await user.keyboard('{Escape}');
    expect(screen.getByText('Type a table number to jump to it, Enter opens it')).toBeInTheDocument();
    await user.keyboard('1');
    expect(card(TABLE_1)).toHaveFocus();
  });

  it('an unknown number says so and moves nothing; typing in a text field never jumps', async () => {
    const { user } = await renderApp();
    await user.keyboard('77');
    expect(screen.getByText('No table "77"')).toBeInTheDocument();
    await user.click(card(TABLE_1));
    const name = screen.getByLabelText('Bill name (optional)');
    await user.type(name, '12');
    expect(name).toHaveFocus();
    expect(name).toHaveValue('12');
  });

  it('filters by state; a jump to a table hidden by the filter shows every table again', async () => {
    const { user } = await renderApp();
    await user.click(screen.getByRole('button', { name: 'Partly paid' }));
    expect(card(/Table 12/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Table 2/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Bar 1/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Needs attention' }));
    expect(screen.getByText('No table to show under "Needs attention" right now.')).toBeInTheDocument();
    await user.keyboard('2');
    expect(card(/Table 2/)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('arrow keys move between cards; only one card is in the tab order (roving tabindex)', async () => {
    const { user } = await renderApp();
    const cards = screen.getAllByRole('button').filter((b) => b.dataset.tableId);
    expect(cards.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    cards[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(cards[1]).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(cards[2]).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(cards[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(cards[cards.length - 1]).toHaveFocus();
    await user.keyboard('{Home}');
    expect(cards[0]).toHaveFocus();
    expect(screen.getAllByRole('button').filter((b) => b.dataset.tableId && b.tabIndex === 0)).toEqual([cards[0]]);
  });

  it('areas and tables keep the order the POS gave them, not A to Z', async () => {
    const snapshot = snapshotFixture();
    snapshot.tables = [
      tableFixture({ id: 'z', order: 1, name: '9', area: 'Zahrada' }),
      tableFixture({ id: 'a', order: 2, name: '3', area: 'Atrium' }),
      tableFixture({ id: 'z2', order: 3, name: '1', area: 'Zahrada' }),
    ];
    await renderApp({ snapshot });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.filter((r) => r === 'Zahrada' || r === 'Atrium')).toEqual(['Zahrada', 'Atrium']);
    const zahrada = within(screen.getByRole('region', { name: 'Zahrada' })).getAllByRole('button');
    expect(zahrada.map((b) => b.dataset.tableId)).toEqual(['z', 'z2']);
  });
});

describe('Tables view: floor plan', () => {
  it('places tables by their stored position, shows unplaced ones on the plan too, moves one with Shift+arrows and updates live', async () => {
    const snapshot = snapshotFixture();
    snapshot.tables = snapshot.tables.map((t) => (t.id === 't2' ? { ...t, position: { x: 0.25, y: 0.5 } } : t));
    const { user, api, pushEvents, missingKeys } = await renderApp({ snapshot });
    await user.click(screen.getByRole('button', { name: 'Floor' }));
    const plan = screen.getByRole('list', { name: 'Floor plan' });
    const placed = within(plan).getByRole('button', { name: /Table 2/ });
    expect(placed.parentElement).toHaveStyle({ left: '25%', top: '50%' });
    // No tray under the plan: an unplaced table is on the plan itself (in a slot once the plan has a size).
    expect(screen.queryByRole('region', { name: 'Not on the plan yet' })).toBeNull();
    const tray = plan;
    expect(within(tray).getByRole('button', { name: /Table 12/ })).toBeInTheDocument();

    placed.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(api.callsOf('setTablePosition')).toEqual([{ tableId: 't2', position: { x: 0.27, y: 0.5 } }]);

    // An unplaced table on a plan not laid out yet gets its first place in the middle of the plan.
    within(tray)
      .getByRole('button', { name: /Table 12/ })
      .focus();
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(api.callsOf('setTablePosition')[1]).toEqual({ tableId: 't3', position: { x: 0.5, y: 0.52 } });

    pushEvents({ type: 'table', seq: 11, table: { ...snapshot.tables[1]!, state: 'paid', position: { x: 0.8, y: 0.1 } } });
    const moved = within(plan).getByRole('button', { name: /Table 2/ });
    expect(moved.parentElement).toHaveStyle({ left: '80%', top: '10%' });
    expect(moved).toHaveTextContent('Paid');
    await user.click(moved);
    expect(screen.getByRole('complementary', { name: 'Bill of Table 2' })).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });

  it('a drag onto the plan places the table at the drop point, as fractions of the plan', async () => {
    const { user, api } = await renderApp();
    await user.click(screen.getByRole('button', { name: 'Floor' }));
    const plan = screen.getByRole('list', { name: 'Floor plan' });
    plan.getBoundingClientRect = () => ({ left: 100, top: 50, right: 500, bottom: 250, width: 400, height: 200, x: 100, y: 50, toJSON: () => ({}) });
    const tile = screen.getByRole('button', { name: /Table 12/ });
    fireEvent.pointerDown(tile, { button: 0, clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(tile, { clientX: 200, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(tile, { clientX: 200, clientY: 100, pointerId: 1 });
    await act(async () => {});
    expect(api.callsOf('setTablePosition')).toEqual([{ tableId: 't3', position: { x: 0.25, y: 0.25 } }]);
  });
});
