import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { FAKE_LOGO_DATA_URL, createFakeApi, fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { PrintSheet } from './print-sheet';

function renderSheet(tableIds: string[], setup: (api: ReturnType<typeof createFakeApi>) => void = () => undefined) {
  const api = createFakeApi(snapshotFixture());
  setup(api);
  const events: string[] = [];
  const missing: string[] = [];
  render(
    <I18nextProvider i18n={createI18n('en', { onMissingKey: (k) => missing.push(k) })}>
      <PrintSheet api={api} tableIds={tableIds} onReady={() => events.push('ready')} onError={(m) => events.push(`error:${m}`)} />
    </I18nextProvider>,
  );
  return { api, events, missing };
}

describe('QR print sheet', () => {
  it('renders a card per table with name, restaurant, "Scan to pay" and an SVG code, then is ready once', async () => {
    const { events, missing } = renderSheet(['t2', 't3', 't4']);
    await waitFor(() => expect(events).toEqual(['ready']));
    const cards = document.querySelectorAll('article.card');
    expect(cards).toHaveLength(3);
    expect(cards[0]).toHaveTextContent('Table 2');
    expect(cards[2]).toHaveTextContent('Bar 1');
    expect(cards[1]).toHaveTextContent('U Zlatého stolu');
    expect(cards[1]).toHaveTextContent('Scan to pay');
    // The table's short code under its QR code.
    expect(cards[1]?.querySelector('.card-code')).toHaveTextContent('Code QR-t3');
    expect(cards[1]?.querySelector('[data-qr-url="https://pay.example.test/t/t3"] svg')).not.toBeNull();
    expect(missing).toEqual([]);
  });

  it("uses the restaurant's language", async () => {
    const { events } = renderSheet(['t2'], (api) => {
      api.snapshot.settings.language = 'cs';
    });
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(screen.getByText('Naskenujte a zaplaťte')).toBeInTheDocument();
  });

  it('says which tables have no code and still becomes ready', async () => {
    const { events } = renderSheet(['t1', 't2']);
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(screen.getByText(/1 selected table\(s\) have no QR code/)).toBeInTheDocument();
    expect(document.querySelectorAll('article.card')).toHaveLength(1);
  });

  it('reports a failure to list the codes', async () => {
    const { events } = renderSheet(['t2'], (api) => api.answer('listQrCodes', fail('NETWORK_ERROR', undefined, 'listQrCodes')));
    await waitFor(() => expect(events).toEqual(['error:NETWORK_ERROR']));
    expect(screen.getByRole('alert')).toHaveTextContent('The sheet could not be made: Cannot reach the payment service: check the internet connection.');
  });

  it("prints the restaurant's logo above the table's name and code, in its own box, and without one no image at all", async () => {
    const { events, api } = renderSheet(['t2', 't3'], (a) => {
      a.snapshot.settings.qrLogo = { type: 'png', width: 1, height: 1, bytes: 68 };
    });
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(api.callsOf('getQrLogo')).toHaveLength(1);
    for (const card of document.querySelectorAll('article.card')) {
      const logo = card.querySelector('.card-logo img');
      expect(logo).toHaveAttribute('src', FAKE_LOGO_DATA_URL);
      expect(logo).toHaveAttribute('alt', 'U Zlatého stolu');
      // First on the card, before the name and the code: it never sits on the code.
      expect(card.firstElementChild).toHaveClass('card-logo');
      const qr = card.querySelector('.card-qr')!;
      expect(logo!.compareDocumentPosition(qr) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(qr.contains(logo)).toBe(false);
      expect(card).toHaveClass('card-rich');
    }
  });

  it('without a logo in Settings asks for none and shows none', async () => {
    const { events, api } = renderSheet(['t2']);
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(api.callsOf('getQrLogo')).toHaveLength(0);
    expect(document.querySelector('.card-logo')).toBeNull();
    expect(document.querySelector('article.card')).not.toHaveClass('card-rich');
  });

  it("prints the guest's words in a second language too, never the app's own twice", async () => {
    const { events } = renderSheet(['t3'], (a) => {
      a.snapshot.settings.language = 'cs';
      a.snapshot.settings.qrSecondLanguage = 'en';
    });
    await waitFor(() => expect(events).toEqual(['ready']));
    const card = document.querySelector('article.card')!;
    expect(card.querySelector('.card-scan:not(.card-scan-second)')).toHaveTextContent('Naskenujte a zaplaťte');
    const second = card.querySelector('.card-scan-second');
    expect(second).toHaveTextContent('Scan to pay');
    expect(second).toHaveAttribute('lang', 'en');
    expect(card.querySelector('.card-code')).toHaveTextContent('Kód QR-t3 · Code QR-t3');
  });

  it('a second language equal to the app language prints one language only', async () => {
    const { events } = renderSheet(['t3'], (a) => {
      a.snapshot.settings.qrSecondLanguage = 'en';
    });
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(document.querySelector('.card-scan-second')).toBeNull();
    expect(document.querySelector('.card-code')).toHaveTextContent(/^Code QR-t3$/);
  });
});
