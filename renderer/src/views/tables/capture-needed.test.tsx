import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../format/decimal-text';
import { paymentFixture, snapshotFixture, tableFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// An authorised manual-capture payment is "Capture needed" on its table card
// (own word and colour) and in the bill, with Capture right there; never a silent "Processing".
const card = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}\\s`) });

function waitingSnapshot() {
  const now = Date.now();
  const snapshot = snapshotFixture(now);
  snapshot.tables = snapshot.tables.map((t) => (t.id === 't2' ? tableFixture({ ...t, state: 'in-payment', awaitingCapture: true }) : t));
  snapshot.bills = snapshot.bills.map((b) => (b.id === 'b2' ? { ...b, paymentIds: ['p3'] } : b));
  snapshot.payments = snapshot.payments.map((p) =>
    p.id === 'p3' ? paymentFixture(now, { ...p, state: 'PROCESSED', captureMode: 'manual', captured: false }) : p,
  );
  return snapshot;
}

describe('Capture needed on the table and its bill', () => {
  it('the card says "Capture needed" in its own colour instead of "Payment in progress"', async () => {
    const { missingKeys } = await renderApp({ snapshot: waitingSnapshot() });
    const waiting = card('Table 2');
    expect(waiting).toHaveClass('state-capture-needed');
    // The short word on the card in the capture colour, the full one for screen readers.
    expect(within(waiting).getByText('Capture')).toHaveClass('payment-capture-needed');
    expect(waiting).toHaveTextContent('Capture needed');
    expect(waiting).not.toHaveTextContent('Payment in progress');
    // Another table in payment keeps its own state.
    expect(card('Bar 1')).toHaveClass('state-in-payment');
    expect(card('Bar 1')).toHaveTextContent('Payment in progress');
    expectNoMissingKeys(missingKeys);
  });

  it('the bill lists the payment as "Capture needed" with Capture beside it, which captures', async () => {
    const { user, api } = await renderApp({ snapshot: waitingSnapshot() });
    await user.click(card('Table 2'));
    const payments = screen.getByRole('region', { name: 'Payments on this bill' });
    expect(within(payments).getByText('Capture needed')).toBeInTheDocument();
    expect(payments).not.toHaveTextContent('Processing');
    await user.click(within(payments).getByRole('button', { name: `Capture ${formatMoney('54', 'CZK', 'en')} at Table 2` }));
    expect(api.callsOf('capturePayment')).toEqual([{ paymentId: 'p3' }]);
  });

  it('in Czech', async () => {
    const { missingKeys } = await renderApp({ snapshot: waitingSnapshot(), language: 'cs' });
    expect(within(card('Stůl 2')).getByText('Čeká na stržení')).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });
});
