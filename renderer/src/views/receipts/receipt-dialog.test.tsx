import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { createFakeApi, fail } from '../../test/fake-api';
import { paymentFixture, snapshotFixture } from '../../test/fixture';
import { receiptFixture } from '../../test/receipt-fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { ReceiptSheet } from '../print/receipt-sheet';

/** Intl separates groups and the currency with no-break spaces: compare with plain ones. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function openReceipt(options: Parameters<typeof renderApp>[0] = {}, paymentId = 'p1') {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: /Payments|Platby/ }));
  await waitFor(() => expect(document.querySelector(`tr[data-payment-id="${paymentId}"]`)).not.toBeNull());
  const row = document.querySelector<HTMLElement>(`tr[data-payment-id="${paymentId}"]`)!;
  return { ...rendered, row, button: within(row).getByRole('button', { name: /Receipt of the payment|Účtenka platby/ }) };
}

describe('Receipt dialog (Payments view)', () => {
  it('opens from the payment row with the keyboard: lines, totals, fiscal data and the delivery, exact money', async () => {
    const { user, api, button, missingKeys } = await openReceipt();
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Receipt FP-2026-0042' });
    expect(api.callsOf('getPaymentReceipt')).toEqual([{ paymentId: 'p1' }]);
    expect(text(dialog)).toContain('Pilsner');
    expect(text(dialog)).toContain('0.125');
    expect(text(dialog)).toContain('CZK 30.00');
    expect(text(dialog)).toContain('TotalCZK 155.00');
    expect(text(dialog)).toContain('TipCZK 15.00');
    expect(text(dialog)).toContain('Paid with tipCZK 170.00');
    expect(text(dialog)).toContain('fik: b3a5c1d2-ff');
    expect(text(dialog)).toContain('Fiscal receipt from the main POS.');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Tableside keeps trying (3 attempts so far)');
    // Close is the safe choice, focused first; Escape closes and focus returns to the row's button.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    expectNoMissingKeys(missingKeys);
  });

  it('prints through printReceipt with the chosen mode (Electron) and says where the PDF went', async () => {
    const { user, api, button } = await openReceipt();
    api.answer('printReceipt', { ok: true, value: { pdfPath: 'C:\\data\\receipts\\receipt-p1.pdf' } });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Print to'), 'pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Print receipt' }));
    expect(api.callsOf('printReceipt')).toEqual([{ paymentId: 'p1', mode: 'pdf' }]);
    expect(await within(dialog).findByText('Saved as PDF: C:\\data\\receipts\\receipt-p1.pdf')).toBeInTheDocument();
  });

  it('in the browser opens the receipt page that prints itself, and words a missing printer in Czech', async () => {
    const browser = await openReceipt({ bridgeKind: 'browser' });
    await browser.user.click(browser.button);
    await browser.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Print receipt' }));
    expect(browser.opened).toEqual(['print.html?receipt=p1&autoprint=1']);
    expect(browser.api.callsOf('printReceipt')).toEqual([]);
    browser.view.unmount();

    const cs = await openReceipt({ language: 'cs' });
    cs.api.answer('printReceipt', fail('NO_PRINTER', undefined, 'printReceipt'));
    await cs.user.click(cs.button);
    const dialog = await screen.findByRole('dialog', { name: 'Účtenka FP-2026-0042' });
    await cs.user.click(within(dialog).getByRole('button', { name: 'Vytisknout účtenku' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/tiskárn/i);
    expectNoMissingKeys(cs.missingKeys);
  });

  it('words a payment without a receipt, and offers no Print', async () => {
    const { user, api, button } = await openReceipt();
    api.answer('getPaymentReceipt', fail('RECEIPT_NOT_FOUND', undefined, 'getPaymentReceipt'));
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payment has no receipt');
    expect(within(dialog).queryByRole('button', { name: 'Print receipt' })).toBeNull();
  });
});

describe('Receipt dialog: delivery states', () => {
  it('reads the receipt anew when main pushes its payment (the service accepted it meanwhile)', async () => {
    const { user, api, button, pushEvents } = await openReceipt();
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('keeps trying');
    api.answer('getPaymentReceipt', {
      ok: true,
      value: receiptFixture('p1', {
        delivery: { state: 'delivered', attempts: 4, lastError: null, receivedAt: null, deliveredAt: '2026-11-21T20:20:00.000Z' },
      }),
    });
    pushEvents({ type: 'payment', seq: 11, payment: paymentFixture(Date.now(), { id: 'p1' }) });
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('The payment service has the receipt.'));
    expect(api.callsOf('getPaymentReceipt')).toHaveLength(2);
  });

  it("says when the service refused the POS's receipt, naming the code, and when the service makes it", async () => {
    const refused = await openReceipt();
    refused.api.answer('getPaymentReceipt', {
      ok: true,
      value: receiptFixture('p1', { delivery: { state: 'refused', attempts: 1, lastError: '404', receivedAt: null, deliveredAt: null } }),
    });
    await refused.user.click(refused.button);
    expect(within(await screen.findByRole('dialog')).getByRole('status')).toHaveTextContent('The payment service refused this receipt (404).');
    refused.view.unmount();

    const service = await openReceipt({ language: 'cs' });
    service.api.answer('getPaymentReceipt', {
      ok: true,
      value: receiptFixture('p1', {
        source: 'companion',
        receiptDeliveryType: 'QERKO_GENERATED',
        delivery: { state: 'service', attempts: 0, lastError: null, receivedAt: null, deliveredAt: null },
      }),
    });
    await service.user.click(service.button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Účtenku pro hosta vystaví platební služba.');
    expect(dialog).toHaveTextContent('Účtenku vytvořil Tableside pro platební službu.');
  });
});

describe('Receipt print page (print.html?receipt=)', () => {
  function renderSheet(setup: (api: ReturnType<typeof createFakeApi>) => void = () => undefined) {
    const api = createFakeApi(snapshotFixture());
    setup(api);
    const events: string[] = [];
    const missing: string[] = [];
    render(
      <I18nextProvider i18n={createI18n('en', { onMissingKey: (k) => missing.push(k) })}>
        <ReceiptSheet api={api} paymentId="p1" onReady={() => events.push('ready')} onError={(m) => events.push(`error:${m}`)} />
      </I18nextProvider>,
    );
    return { api, events, missing };
  }

  it('draws the receipt without the delivery line, then is ready once', async () => {
    const { api, events, missing } = renderSheet();
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(api.callsOf('getPaymentReceipt')).toEqual([{ paymentId: 'p1' }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('U Zlatého stolu');
    expect(text(document.body)).toContain('Paid with tipCZK 170.00');
    expect(document.querySelector('.receipt-delivery')).toBeNull();
    expect(missing).toEqual([]);
  });

  it('marks an error for the shell when the payment has no receipt', async () => {
    const { events } = renderSheet((api) => api.answer('getPaymentReceipt', fail('RECEIPT_NOT_FOUND')));
    await waitFor(() => expect(events).toEqual(['error:RECEIPT_NOT_FOUND']));
    expect(screen.getByRole('alert')).toHaveTextContent('This payment has no receipt');
  });
});
