import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../format/decimal-text';
import { createI18n } from '../../i18n/create-i18n';
import { createFakeApi, fail, PAYMENT_LINK_FIXTURE } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { LinkSheet } from './link-sheet';

function renderSheet(linkId: string, setup: (api: ReturnType<typeof createFakeApi>) => void = () => undefined, withActions = false) {
  const api = createFakeApi(snapshotFixture());
  setup(api);
  const events: string[] = [];
  const missing: string[] = [];
  const actions = { print: () => events.push('print'), back: () => events.push('back') };
  render(
    <I18nextProvider i18n={createI18n('en', { onMissingKey: (k) => missing.push(k) })}>
      <LinkSheet
        api={api}
        linkId={linkId}
        onReady={() => events.push('ready')}
        onError={(code) => events.push(`error:${code}`)}
        {...(withActions ? { browserActions: actions } : {})}
      />
    </I18nextProvider>,
  );
  return { api, events, missing };
}

describe('payment link print sheet', () => {
  it('shows the restaurant, what it is for, the amount, the code of its URL and the URL, then is ready once', async () => {
    const { api, events, missing } = renderSheet('link-1');
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(api.callsOf('getPaymentLink')).toEqual([{ linkId: 'link-1' }]);
    const card = document.querySelector('article.link-card')!;
    expect(card).toHaveTextContent('U Zlatého stolu');
    expect(card).toHaveTextContent('Deposit, table for 8');
    expect(card).toHaveTextContent(formatMoney('250.00', 'CZK', 'en').replace(/\s/g, ' '));
    expect(card).toHaveTextContent('Scan to pay');
    expect(card).toHaveTextContent(PAYMENT_LINK_FIXTURE.url);
    expect(card.querySelector(`[data-qr-url="${PAYMENT_LINK_FIXTURE.url}"] svg`)).not.toBeNull();
    expect(missing).toEqual([]);
  });

  it("uses the restaurant's language and offers Print and Back in a browser tab", async () => {
    const { events } = renderSheet('link-1', (api) => (api.snapshot.settings.language = 'cs'), true);
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(screen.getByText('Naskenujte a zaplaťte')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Zpět' }).click();
    expect(events).toEqual(['ready', 'back']);
  });

  it('words a refusal and reports its code instead of becoming ready', async () => {
    const { events } = renderSheet('nope', (api) => api.answer('getPaymentLink', fail('LINK_NOT_FOUND', undefined, 'getPaymentLink')));
    await waitFor(() => expect(events).toEqual(['error:LINK_NOT_FOUND']));
    expect(screen.getByRole('alert')).toHaveTextContent('This payment link is no longer here.');
  });
});
