import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { billFixture, paymentFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const dialog = () => screen.getByRole('dialog', { name: 'Close this bill?' });

async function openClose(snapshot = snapshotFixture()) {
  const app = await renderApp({ snapshot });
  await app.user.click(screen.getByRole('button', { name: /Table 2/ }));
  await app.user.click(screen.getByRole('button', { name: 'Close bill' }));
  return app;
}

describe('Closing a bill', () => {
  it('with an amount due: warns with it, asks how it was settled, sends the answer with the note', async () => {
    const { user, api, missingKeys } = await openClose();
    expect(dialog()).toHaveTextContent('CZK 324.00 is still due on this bill.');
    expect(within(dialog()).getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.click(within(dialog()).getByRole('button', { name: 'Close bill' }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('How was it settled?: choose how the amount due was settled');
    expect(api.callsOf('closeBill')).toEqual([]);
    await user.click(within(dialog()).getByLabelText('Written off'));
    await user.type(within(dialog()).getByLabelText('Note (optional)'), 'regular, pays Friday');
    await user.click(within(dialog()).getByRole('button', { name: 'Close bill' }));
    expect(api.callsOf('closeBill')).toEqual([{ billId: 'b2', settlement: { method: 'written-off', note: 'regular, pays Friday' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('with nothing due: no question, a plain close', async () => {
    const snapshot = snapshotFixture();
    snapshot.bills = snapshot.bills.map((b) => (b.id === 'b2' ? { ...b, totals: { ...b.totals, paid: '324', due: '0' } } : b));
    const { user, api } = await openClose(snapshot);
    expect(within(dialog()).queryByRole('radio')).toBeNull();
    await user.click(within(dialog()).getByRole('button', { name: 'Close bill' }));
    expect(api.callsOf('closeBill')).toEqual([{ billId: 'b2' }]);
  });

  it('a refused close keeps the focus in the dialog, says why, and Escape still closes it', async () => {
    const { user, api } = await openClose();
    api.answer('closeBill', fail('BILL_LOCKED', { table: '2' }, 'closeBill'));
    await user.click(within(dialog()).getByLabelText('Cash'));
    await user.click(within(dialog()).getByRole('button', { name: 'Close bill' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Table 2: a guest is paying this bill right now.');
    expect(dialog().contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers walkout among the ways an amount due was settled', async () => {
    const { user, api } = await openClose();
    await user.click(within(dialog()).getByLabelText('Walkout (left without paying)'));
    await user.click(within(dialog()).getByRole('button', { name: 'Close bill' }));
    expect(api.callsOf('closeBill')).toEqual([{ billId: 'b2', settlement: { method: 'walkout' } }]);
  });

  it('reports a walkout from the bill: its own action, with a note, closes the bill as a walkout', async () => {
    const app = await renderApp({ snapshot: snapshotFixture() });
    await app.user.click(screen.getByRole('button', { name: /Table 2/ }));
    await app.user.click(screen.getByRole('button', { name: 'Walkout' }));
    const walkout = screen.getByRole('dialog', { name: 'Report a walkout?' });
    expect(walkout).toHaveTextContent('CZK 324.00 is still due on this bill.');
    await app.user.type(within(walkout).getByLabelText('What happened (optional)'), 'left by the terrace');
    await app.user.click(within(walkout).getByRole('button', { name: 'Report walkout' }));
    expect(app.api.callsOf('closeBill')).toEqual([{ billId: 'b2', settlement: { method: 'walkout', note: 'left by the terrace' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expectNoMissingKeys(app.missingKeys);
  });

  it('offers no walkout on a bill with nothing due', async () => {
    const snapshot = snapshotFixture();
    snapshot.bills = snapshot.bills.map((b) => (b.id === 'b2' ? { ...b, totals: { ...b.totals, paid: '324', due: '0' } } : b));
    const app = await renderApp({ snapshot });
    await app.user.click(screen.getByRole('button', { name: /Table 2/ }));
    expect(screen.getByRole('button', { name: 'Close bill' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Walkout' })).toBeNull();
  });

  it('is not offered while a guest is paying the bill', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.payments = [
      ...snapshot.payments,
      paymentFixture(now, { id: 'p9', billId: 'b2', tableId: 't2', tableName: '2', state: 'STARTED', closedAt: null }),
    ];
    snapshot.bills = snapshot.bills.map((b) => (b.id === 'b2' ? billFixture(now, { ...b, paymentIds: ['p9'] }) : b));
    const { user } = await renderApp({ snapshot });
    await user.click(screen.getByRole('button', { name: /Table 2/ }));
    expect(screen.queryByRole('button', { name: 'Close bill' })).toBeNull();
    expect(screen.getByText('A guest is paying this bill: close it after the payment ends.')).toBeInTheDocument();
  });
});
