import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { createFakeApi, fail } from '../../test/fake-api';
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
});
