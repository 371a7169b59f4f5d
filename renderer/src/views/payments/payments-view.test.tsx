import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { paymentFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

async function openPayments(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: 'Payments' }));
  return rendered;
}

const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-payment-id="${id}"]`)!;

describe('Payments view', () => {
  it("lists today's payments newest first with time, table, amount, tip, provider, state", async () => {
    const { missingKeys } = await openPayments();
    const ids = [...document.querySelectorAll('tr[data-payment-id]')].map((r) => r.getAttribute('data-payment-id'));
    expect(ids).toEqual(['p3', 'p1', 'p2']);
    expect(row('p1')).toHaveTextContent('Table 12');
    expect(row('p1')).toHaveTextContent('324.00 CZK');
    expect(row('p1')).toHaveTextContent('30.00 CZK');
    expect(row('p1')).toHaveTextContent('card');
    expect(row('p1')).toHaveTextContent('Paid');
    expect(row('p1').textContent).toMatch(/\d{2}:\d{2}/);
    expectNoMissingKeys(missingKeys);
  });

  it('shows a cancelled payment distinctly and without actions', async () => {
    await openPayments();
    expect(row('p2')).toHaveClass('cancelled');
    expect(row('p2')).toHaveTextContent('Cancelled');
    expect(within(row('p2')).queryByRole('button')).toBeNull();
  });

  it('counts down the cancel window as h:mm:ss and cancels after confirmation', async () => {
    const { user, api } = await openPayments();
    const cancel = within(row('p1')).getByRole('button', { name: /Cancel payment/ });
    expect(cancel.textContent).toMatch(/\(2:(49|50):\d{2}\)/);
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this payment?' });
    expect(dialog).toHaveTextContent('324.00 CZK');
    expect(within(dialog).getByText(/Time left to cancel: 2:\d{2}:\d{2}/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(api.callsOf('cancelPayment')).toEqual([{ paymentId: 'p1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("keeps the dialog open with the service's message when the cancel fails", async () => {
    const { user, api } = await openPayments();
    api.answer('cancelPayment', fail('The service refused the cancellation: the payment is already refunded. Check the payment portal.'));
    await user.click(within(row('p1')).getByRole('button', { name: /Cancel payment/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('already refunded');
  });

  it('has no cancel after the window, and says why', async () => {
    await openPayments();
    expect(within(row('p3')).queryByRole('button', { name: /Cancel payment/ })).toBeNull();
    expect(row('p3')).toHaveTextContent('The 3-hour window to cancel has passed');
  });

  it('removes the cancel button live when the window runs out', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.payments = [paymentFixture(now, { id: 'p1', cancellableUntil: new Date(now + 1500).toISOString() })];
    await openPayments({ snapshot });
    expect(within(row('p1')).getByRole('button', { name: /Cancel payment/ })).toBeInTheDocument();
    await waitFor(() => expect(row('p1')).toHaveTextContent('The 3-hour window to cancel has passed'), { timeout: 8000 });
    expect(within(row('p1')).queryByRole('button', { name: /Cancel payment/ })).toBeNull();
  });

  it('captures a manual payment and shows a failure', async () => {
    const { user, api } = await openPayments();
    api.answer('capturePayment', fail('Capture failed: the payment is no longer authorised. Ask the guest to pay again.'));
    await user.click(within(row('p3')).getByRole('button', { name: 'Capture' }));
    expect(api.callsOf('capturePayment')).toEqual([{ paymentId: 'p3' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('no longer authorised');
    expect(within(row('p1')).queryByRole('button', { name: 'Capture' })).toBeNull();
  });

  it('reacts to a pushed payment event', async () => {
    const now = Date.now();
    const { pushEvents } = await openPayments();
    pushEvents({ type: 'payment', seq: 11, payment: paymentFixture(now, { id: 'p1', state: 'CANCELLED', closedState: 'DECLINED', cancellableUntil: null }) });
    expect(row('p1')).toHaveClass('cancelled');
    expect(row('p1')).toHaveTextContent('Declined');
  });

  it('the confirmation traps focus and closes on Escape', async () => {
    const { user } = await openPayments();
    const opener = within(row('p1')).getByRole('button', { name: /Cancel payment/ });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    const [confirm, back] = within(dialog).getAllByRole('button');
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(back).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(row('p1')).getByRole('button', { name: /Cancel payment/ })).toHaveFocus();
  });
});
