import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentHistoryEntry } from '../../../../preload/contract';
import { fail } from '../../test/fake-api';
import { paymentFixture, snapshotFixture } from '../../test/fixture';
import { dayReportFixture, historyFixture } from '../../test/history-fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

async function openPayments(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: /Payments|Platby/ }));
  await waitFor(() => expect(document.querySelector('tr[data-payment-id]')).not.toBeNull());
  return rendered;
}

const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-payment-id="${id}"]`)!;
const ids = () => [...document.querySelectorAll('tr[data-payment-id]')].map((r) => r.getAttribute('data-payment-id'));
/** Intl separates groups and the currency with no-break spaces: compare with plain ones. */
const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Payments view (history of a restaurant day)', () => {
  it('opens on the current restaurant day: summary on top, payments newest first with time, table, amount, tip, provider, state, id', async () => {
    const { api, missingKeys } = await openPayments();
    expect(api.callsOf('dayReport')[0]).toEqual({});
    expect(screen.getByLabelText('Day', { selector: 'input' })).toHaveValue('21/11/2026');
    expect(api.callsOf('listPayments').at(-1)).toEqual({ from: '2026-11-21', to: '2026-11-21', filters: {} });
    expect(ids()).toEqual(['p3', 'p1', 'p2']);
    expect(text(row('p1'))).toContain('Table 12');
    expect(text(row('p1'))).toContain('CZK 324.00');
    expect(text(row('p1'))).toContain('CZK 30.00');
    expect(row('p1')).toHaveTextContent('card');
    expect(row('p1')).toHaveTextContent('Paid');
    expect(row('p1').textContent).toMatch(/\d{2}:\d{2}/);
    const summary = screen.getByRole('region', { name: 'Day summary' });
    expect(text(summary)).toContain('Paid' + 'CZK 1,432.00');
    expect(text(summary)).toContain('TipsCZK 86.00');
    expect(text(summary)).toContain('RefundsCZK 324.00');
    expect(text(summary)).toContain('NetCZK 1,194.00');
    expect(text(summary)).toContain('Average tip6%');
    expect(within(summary).getByRole('table', { name: 'By area' })).toHaveTextContent('No area');
    expectNoMissingKeys(missingKeys);
  });

  it('shows money the Czech way through Intl ("1 432,00 Kč")', async () => {
    const { missingKeys } = await openPayments({ language: 'cs' });
    const summary = screen.getByRole('region', { name: 'Souhrn dne' });
    expect(text(summary)).toContain('Zaplaceno1 432,00 Kč');
    expect(text(summary)).toContain('Čistá tržba1 194,00 Kč');
    expect(text(row('p1'))).toContain('324,00 Kč');
    expectNoMissingKeys(missingKeys);
  });

  it('moves to the previous and next day with the keyboard, and not past today', async () => {
    const { user, api } = await openPayments();
    const next = screen.getByRole('button', { name: 'Next day' });
    expect(next).toBeDisabled();
    screen.getByRole('button', { name: 'Previous day' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Day', { selector: 'input' })).toHaveValue('20/11/2026'));
    expect(api.callsOf('dayReport').at(-1)).toEqual({ date: '2026-11-20' });
    await waitFor(() => expect(api.callsOf('listPayments').at(-1)).toEqual({ from: '2026-11-20', to: '2026-11-20', filters: {} }));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getByLabelText('Day', { selector: 'input' })).toHaveValue('21/11/2026'));
  });

  it('takes a day typed as the app writes it, and refuses a day that does not exist or is after today', async () => {
    const { user, api } = await openPayments();
    const day = screen.getByLabelText('Day', { selector: 'input' });
    await user.clear(day);
    await user.type(day, '3/11/2026{Enter}');
    await waitFor(() => expect(api.callsOf('dayReport').at(-1)).toEqual({ date: '2026-11-03' }));
    await waitFor(() => expect(day).toHaveValue('03/11/2026'));
    const calls = api.callsOf('dayReport').length;
    await user.clear(day);
    await user.type(day, '31/11/2026{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('There is no such day: check the day and the month');
    expect(day).toHaveAttribute('aria-invalid', 'true');
    await user.clear(day);
    await user.type(day, '22/11/2026{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Pick 21/11/2026 or an earlier day');
    expect(api.callsOf('dayReport')).toHaveLength(calls);
  });

  it('filters by state and table and searches by amount or id, through main', async () => {
    const { user, api } = await openPayments();
    await user.selectOptions(screen.getByLabelText('State'), 'refunded');
    await waitFor(() => expect(api.callsOf('listPayments').at(-1)).toMatchObject({ filters: { states: ['refunded'] } }));
    await user.selectOptions(screen.getByLabelText('Table'), 't3');
    await waitFor(() => expect(api.callsOf('listPayments').at(-1)).toMatchObject({ filters: { states: ['refunded'], tableId: 't3' } }));
    api.answer('listPayments', { ok: true, value: [] });
    await user.type(screen.getByLabelText('Search amount or payment ID'), '324');
    await waitFor(() => expect(api.callsOf('listPayments').at(-1)).toMatchObject({ filters: { search: '324' } }));
    expect(await screen.findByText('No payment matches the filters.')).toBeInTheDocument();
  });

  it("filters by the day's waiters, and by payments under no waiter, through main", async () => {
    const rendered = await renderApp();
    const { user, api, missingKeys } = rendered;
    api.answer('dayReport', {
      ok: true,
      value: {
        ...dayReportFixture(api.snapshot, '2026-11-21'),
        byWaiter: [
          { waiterId: 'w-jana', waiter: 'Jana', count: 2, amount: '1000.00', tips: '56.00' },
          { waiterId: 'w-7', waiter: null, count: 1, amount: '300.00', tips: '30.00' },
          { waiterId: null, waiter: null, count: 1, amount: '132.00', tips: '0.00' },
        ],
      },
    });
    await user.click(screen.getByRole('tab', { name: /Payments|Platby/ }));
    await waitFor(() => expect(document.querySelector('tr[data-payment-id]')).not.toBeNull());
    const select = screen.getByLabelText('Waiter');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['All waiters', 'Jana', 'w-7', 'No waiter']);
    await user.selectOptions(select, 'Jana');
    await waitFor(() => expect(api.callsOf('listPayments').at(-1)).toMatchObject({ filters: { waiterId: 'w-jana' } }));
    await user.selectOptions(select, 'No waiter');
    await waitFor(() => expect(api.callsOf('listPayments').at(-1)).toMatchObject({ filters: { waiterId: null } }));
    await user.selectOptions(select, 'All waiters');
    await waitFor(() => expect((api.callsOf('listPayments').at(-1) as { filters?: { waiterId?: unknown } }).filters?.waiterId).toBeUndefined());
    expectNoMissingKeys(missingKeys);
  });

  it('shows a refunded payment distinctly and without actions', async () => {
    await openPayments();
    expect(row('p2')).toHaveClass('cancelled');
    expect(row('p2')).toHaveTextContent('Refunded');
    // Its receipt stays viewable; no cancel or capture.
    expect(
      within(row('p2'))
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Receipt']);
  });

  it('counts down the cancel window as h:mm:ss and cancels after confirmation', async () => {
    const { user, api } = await openPayments();
    const cancel = within(row('p1')).getByRole('button', { name: /Cancel payment/ });
    expect(cancel.textContent).toMatch(/\(2:(49|50):\d{2}\)/);
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this payment?' });
    expect(dialog).toHaveTextContent('CZK 324.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(api.callsOf('cancelPayment')).toEqual([{ paymentId: 'p1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads a recent payment the page no longer holds from main, so it can still be cancelled', async () => {
    const { user, api, store } = await openPayments();
    const loads = api.callsOf('listPayments').length;
    // Past the newest settled payments the page keeps over a shift (payments-slice.ts).
    const { p1: _dropped, ...rest } = store.getState().payments;
    store.setState({ payments: rest });
    // The day's list is read again (the payments changed), and p1's view from main.
    await waitFor(() => expect(api.callsOf('listPayments').length).toBeGreaterThan(loads));
    await waitFor(() => expect(api.callsOf('getPayment')).toEqual([{ paymentId: 'p1' }]));
    await user.click(await within(row('p1')).findByRole('button', { name: /Cancel payment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
    expect(dialog).toHaveTextContent('CZK 324.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(api.callsOf('cancelPayment')).toEqual([{ paymentId: 'p1' }]);
  });

  it("keeps the dialog open with the service's message when the cancel fails", async () => {
    const { user, api } = await openPayments();
    api.answer('cancelPayment', fail('CONFLICT', { table: '12' }, 'cancelPayment'));
    await user.click(within(row('p1')).getByRole('button', { name: /Cancel payment/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Table 12: the payment service cannot cancel this payment now.');
  });

  it('has no cancel after the window, says why, and removes the button live when the window runs out', async () => {
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
    api.answer('capturePayment', fail('GONE', undefined, 'capturePayment'));
    await user.click(within(row('p3')).getByRole('button', { name: 'Capture' }));
    expect(api.callsOf('capturePayment')).toEqual([{ paymentId: 'p3' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('cancellation window has passed');
    expect(within(row('p1')).queryByRole('button', { name: 'Capture' })).toBeNull();
  });

  it('loads the day again when main pushes a payment event', async () => {
    const now = Date.now();
    const { pushEvents, api } = await openPayments();
    const declined = historyFixture(api.snapshot).map((e): PaymentHistoryEntry => (e.paymentId === 'p1' ? { ...e, state: 'declined' } : e));
    api.answer('listPayments', { ok: true, value: declined });
    pushEvents({ type: 'payment', seq: 11, payment: paymentFixture(now, { id: 'p1', state: 'CANCELLED', closedState: 'DECLINED', cancellableUntil: null }) });
    await waitFor(() => expect(row('p1')).toHaveClass('unpaid'));
    // Declined took no money: it reads "Declined", not struck through like a refund.
    expect(row('p1')).not.toHaveClass('cancelled');
    expect(row('p1')).toHaveTextContent('Declined');
  });

  it('shows whether the main POS has each payment, counts it in the summary, and loads again when the POS acknowledges', async () => {
    const { pushEvents, api, missingKeys } = await openPayments();
    const notYet = historyFixture(api.snapshot).map((e): PaymentHistoryEntry => ({ ...e, posNotified: e.paymentId === 'p1' ? false : e.posNotified }));
    api.answer('listPayments', { ok: true, value: notYet });
    api.answer('dayReport', { ok: true, value: { ...dayReportFixture(api.snapshot, '2026-11-21'), posNotified: { notified: 2, notYet: 1 } } });
    pushEvents({ type: 'pos-cursor', seq: 11, cursor: 40 });
    await waitFor(() => expect(row('p1')).toHaveTextContent('Not yet'));
    expect(row('p1').querySelector('[data-pos-notified]')).toHaveAttribute('data-pos-notified', 'false');
    expect(text(screen.getByRole('region', { name: 'Day summary' }))).toContain('In the main POS2 of 3');

    api.answer('listPayments', { ok: true, value: historyFixture(api.snapshot) });
    pushEvents({ type: 'pos-cursor', seq: 12, cursor: 44 });
    await waitFor(() => expect(row('p1')).toHaveTextContent('POS notified'));
    expectNoMissingKeys(missingKeys);
  });

  it('exports the CSV as a download in browser mode, and reports where Electron saved it', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const browser = await openPayments({ bridgeKind: 'browser' });
    await browser.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(browser.api.callsOf('exportPaymentsCsv')).toEqual([{ from: '2026-11-21', to: '2026-11-21', excel: 'en' }]);
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('tableside-payments-2026-11-21.csv');
    expect(await screen.findByText('The CSV file is downloading (tableside-payments-2026-11-21.csv).')).toBeInTheDocument();
    click.mockRestore();
    browser.view.unmount();

    const electron = await openPayments();
    electron.api.answer('exportPaymentsCsv', { ok: true, value: { fileName: 'x.csv', csv: '', delivery: 'saved', path: 'C:\\exports\\x.csv' } });
    await electron.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Saved to C:\\exports\\x.csv.')).toBeInTheDocument();
  });

  it('prints the day report: Electron through the command, the browser in a new tab', async () => {
    const electron = await openPayments();
    electron.api.answer('printDayReport', { ok: true, value: { pdfPath: 'C:\\reports\\day.pdf' } });
    await electron.user.selectOptions(screen.getByLabelText('Print to'), 'pdf');
    await electron.user.click(screen.getByRole('button', { name: 'Print day report' }));
    expect(electron.api.callsOf('printDayReport')).toEqual([{ date: '2026-11-21', mode: 'pdf' }]);
    expect(await screen.findByText('Day report saved as PDF: C:\\reports\\day.pdf')).toBeInTheDocument();
    electron.view.unmount();

    const browser = await openPayments({ bridgeKind: 'browser' });
    await browser.user.click(screen.getByRole('button', { name: 'Print day report' }));
    expect(browser.opened).toEqual(['print.html?report=day&date=2026-11-21&autoprint=1']);
    expect(browser.api.callsOf('printDayReport')).toEqual([]);
  });

  it('words a refused range in Czech', async () => {
    const { user, api } = await openPayments({ language: 'cs' });
    api.answer('exportPaymentsCsv', fail('RANGE_TOO_LONG'));
    await user.click(screen.getByRole('button', { name: 'Exportovat CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('To je víc než rok: exportujte po částech.');
  });
});
