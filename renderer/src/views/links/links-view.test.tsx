import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentLinkView } from '../../../../preload/contract';
import { fail, PAYMENT_LINK_FIXTURE } from '../../test/fake-api';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { formatMoney } from '../../format/decimal-text';
import { linkSheetUrl } from './link-actions';
import { LIST_REFRESH_MS } from './use-payment-links';

/** Money as the app formats it in English (Intl: the test does not guess the ICU's spacing). */
const czk = (amount: string) => formatMoney(amount, 'CZK', 'en');
/** The same in text content, which reads every space as a plain one. */
const czkText = (amount: string) => czk(amount).replace(/\s/g, ' ');

async function openLinks(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'Platební odkazy' : 'Payment links' }));
  return rendered;
}

const GONE: PaymentLinkView = {
  ...PAYMENT_LINK_FIXTURE,
  id: 'link-2',
  amount: '80.00',
  description: 'Phone order',
  url: 'https://pay.example.test/link/link-2',
  state: 'gone',
};

describe('Payment links view', () => {
  it('lists the links made here with their state at the service, and reads them again on request', async () => {
    const { api, user, missingKeys } = await renderApp();
    api.answer('listPaymentLinks', { ok: true, value: { links: [PAYMENT_LINK_FIXTURE, GONE], checkFailed: null } });
    await user.click(screen.getByRole('tab', { name: 'Payment links' }));
    await screen.findByRole('table');
    expect(api.callsOf('listPaymentLinks')).toHaveLength(1);
    const row = screen.getByText('Deposit, table for 8').closest('tr')!;
    expect(row).toHaveTextContent(czkText('250.00'));
    expect(row).toHaveTextContent('Active');
    const gone = screen.getByText('Phone order').closest('tr')!;
    expect(gone).toHaveTextContent('Deleted at the service');
    expect(within(gone).getByRole('button', { name: `Print Phone order (${czk('80.00')})` })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(api.callsOf('listPaymentLinks')).toHaveLength(2);
    expectNoMissingKeys(missingKeys);
  });

  it('creates a link (a Czech comma is a decimal point), shows it as a QR code of its URL, and lists it first', async () => {
    const { user, api, missingKeys } = await openLinks();
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'New payment link' });
    await user.type(within(form).getByLabelText('Amount'), '1250,5');
    await user.type(within(form).getByLabelText('What it is for'), 'Birthday deposit');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(api.callsOf('createPaymentLink')).toEqual([{ amount: '1250.5', description: 'Birthday deposit' }]);
    expect(await within(form).findByRole('status')).toHaveTextContent(`Link for ${czkText('1250.50')} created.`);
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
    const preview = screen.getByRole('complementary', { name: 'Link' });
    const img = await within(preview).findByRole('img', { name: 'QR code for https://pay.example.test/link/link-1' });
    expect(img.querySelector('svg')).not.toBeNull();
    expect(img).toHaveAttribute('data-qr-url', 'https://pay.example.test/link/link-1');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Birthday deposit');
    expectNoMissingKeys(missingKeys);
  });

  it("words main's refusal of the amount beside the field, and a service refusal naming the link's amount", async () => {
    const { user, api } = await openLinks();
    const form = screen.getByRole('form', { name: 'New payment link' });
    api.answer('createPaymentLink', fail('INVALID_AMOUNT', { field: 'amount', reason: 'places', value: '12.345' }, 'createPaymentLink'));
    // Too many places never leave the form: refused here, never rounded.
    await user.type(within(form).getByLabelText('Amount'), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Amount: Too many decimal places (at most 2): nothing is rounded');
    expect(api.callsOf('createPaymentLink')).toEqual([]);
    // Main's own refusal is worded beside the field too.
    await user.clear(within(form).getByLabelText('Amount'));
    await user.type(within(form).getByLabelText('Amount'), '12.34');
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('The amount can have at most 2 decimal places (12.35, not 12.345).'));
    expect(within(form).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');

    api.answer('createPaymentLink', fail('SERVICE_RESTARTING', { amount: '80.00', currency: 'CZK', link: 'Phone order' }, 'createPaymentLink'));
    await user.click(within(form).getByRole('button', { name: 'Create link' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent(
        `The link for ${czkText('80.00')} was not created. The payment service is restarting. Try again in 2 minutes.`,
      ),
    );
    expect(within(form).getByRole('alert').textContent).not.toContain('link-');
  });

  it('copies the URL and prints through main in Electron', async () => {
    const { user, api, copied } = await openLinks();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Copy the URL of Deposit, table for 8 (${czk('250.00')})` }));
    expect(copied).toEqual(['https://pay.example.test/link/link-1']);
    expect(await screen.findByText('URL copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Print Deposit, table for 8 (${czk('250.00')})` }));
    expect(api.callsOf('printPaymentLink')).toEqual([{ linkId: 'link-1', mode: 'dialog' }]);
    expect(await screen.findByText('Sent to the printer.')).toBeInTheDocument();
  });

  it('opens the link sheet in a new tab in browser mode', async () => {
    const { user, api, opened } = await openLinks({ bridgeKind: 'browser' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Print Deposit, table for 8 (${czk('250.00')})` }));
    expect(opened).toEqual(['print.html?link=link-1&autoprint=1']);
    expect(api.callsOf('printPaymentLink')).toEqual([]);
    expect(linkSheetUrl('a b')).toBe('print.html?link=a+b&autoprint=1');
  });
});

describe('Payment links view: delete and the state check', () => {
  it('deletes after a confirmation that opens on Keep (Enter keeps), and shows a refusal inside the dialog', async () => {
    const { user, api } = await openLinks();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: `Delete Deposit, table for 8 (${czk('250.00')})` }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this payment link?' });
    expect(within(dialog).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('deletePaymentLink')).toEqual([]);

    api.answer('deletePaymentLink', fail('NETWORK_ERROR', { amount: '250.00', currency: 'CZK', link: 'Deposit, table for 8' }, 'deletePaymentLink'));
    await user.click(screen.getByRole('button', { name: `Delete Deposit, table for 8 (${czk('250.00')})` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete link' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      `The link Deposit, table for 8 (${czkText('250.00')}) was not deleted. Cannot reach the payment service: check the internet connection.`,
    );

    api.answer('deletePaymentLink', { ok: true, value: null });
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsOf('deletePaymentLink')).toEqual([{ linkId: 'link-1' }, { linkId: 'link-1' }]);
    expect(screen.getByText('No payment links yet.')).toBeInTheDocument();
  });

  it('reads the list again when the link is already gone from this till', async () => {
    const { user, api } = await openLinks();
    await screen.findByRole('table');
    api.answer('deletePaymentLink', fail('LINK_NOT_FOUND', undefined, 'deletePaymentLink'));
    api.answer('listPaymentLinks', { ok: true, value: { links: [], checkFailed: null } });
    await user.click(screen.getByRole('button', { name: `Delete Deposit, table for 8 (${czk('250.00')})` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete link' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('This payment link is no longer here. The list is checked again.');
    await waitFor(() => expect(api.callsOf('listPaymentLinks')).toHaveLength(2));
    expect(await screen.findByText('No payment links yet.')).toBeInTheDocument();
  });

  it('says when the links could not be checked with the service, in Czech too', async () => {
    const rendered = await renderApp({ language: 'cs' });
    rendered.api.answer('listPaymentLinks', {
      ok: true,
      value: { links: [{ ...PAYMENT_LINK_FIXTURE, state: 'unknown' }], checkFailed: { code: 'NETWORK_ERROR' } },
    });
    await rendered.user.click(screen.getByRole('tab', { name: 'Platební odkazy' }));
    expect(await screen.findByText(/Odkazy se nepodařilo ověřit u platební služby/)).toBeInTheDocument();
    expect(screen.getByText('Neověřeno')).toBeInTheDocument();
    expectNoMissingKeys(rendered.missingKeys);
  });
});

const PAID: PaymentLinkView = {
  ...PAYMENT_LINK_FIXTURE,
  state: 'paid',
  payment: { id: 'pay-77', amount: '250.00', time: '2026-11-21T18:02:00.000Z' },
};

describe('Payment links view: a paid link', () => {
  it('shows the payment it produced (amount, time, payment id), in English and Czech, and offers no delete', async () => {
    for (const language of ['en', 'cs'] as const) {
      const rendered = await renderApp({ language });
      rendered.api.answer('listPaymentLinks', { ok: true, value: { links: [PAID], checkFailed: null } });
      await rendered.user.click(screen.getByRole('tab', { name: language === 'cs' ? 'Platební odkazy' : 'Payment links' }));
      await screen.findByRole('table');
      const row = screen.getByText('Deposit, table for 8').closest('tr')!;
      const at = new Date(PAID.payment!.time).toLocaleString(language === 'cs' ? 'cs-CZ' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
      expect(row).toHaveTextContent(language === 'cs' ? 'Zaplaceno' : 'Paid');
      // Intl's spaces may be no-break ones: compared with every space made plain.
      const plain = (text: string) => text.replace(/\s+/g, ' ');
      expect(plain(row.textContent)).toContain(plain(`${formatMoney('250.00', 'CZK', language)} ${language === 'cs' ? 'dne' : 'on'} ${at}`));
      expect(row).toHaveTextContent(language === 'cs' ? 'Platba pay-77' : 'Payment pay-77');
      expect(within(row).queryByRole('button', { name: /Delete|Smazat/ })).toBeNull();
      expectNoMissingKeys(rendered.missingKeys);
      rendered.view.unmount();
    }
  });

  it('takes a link main found paid in the background at once, without reading the list again', async () => {
    const { pushEvents, api } = await openLinks();
    await screen.findByRole('table');
    expect(screen.getByText('Deposit, table for 8').closest('tr')).toHaveTextContent('Active');
    pushEvents({ type: 'payment-link', seq: 500, link: PAID });
    const row = screen.getByText('Deposit, table for 8').closest('tr')!;
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('Payment pay-77');
    expect(api.callsOf('listPaymentLinks')).toHaveLength(1);
  });
});

describe('Payment links view: read again while open', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the list every LIST_REFRESH_MS after the last answer, never two reads at once, and stops when closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api, user, view } = await openLinks();
    await screen.findByRole('table');
    expect(api.callsOf('listPaymentLinks')).toHaveLength(1);
    let release = () => {};
    api.answer('listPaymentLinks', () => new Promise((resolve) => (release = () => resolve({ ok: true, value: { links: [PAID], checkFailed: null } }))));
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_MS));
    expect(api.callsOf('listPaymentLinks')).toHaveLength(2);
    // The service is slow: no second read piles up behind the first.
    await act(() => vi.advanceTimersByTimeAsync(3 * LIST_REFRESH_MS));
    expect(api.callsOf('listPaymentLinks')).toHaveLength(2);
    await act(async () => release());
    expect(await screen.findByText('Payment pay-77')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_MS));
    expect(api.callsOf('listPaymentLinks')).toHaveLength(3);
    // Another tab: the reads stop.
    await user.click(screen.getByRole('tab', { name: 'Tables' }));
    await act(() => vi.advanceTimersByTimeAsync(3 * LIST_REFRESH_MS));
    expect(api.callsOf('listPaymentLinks')).toHaveLength(3);
    view.unmount();
  });
});
