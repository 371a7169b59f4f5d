import { render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { createFakeApi } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { orderFixture } from '../../test/order-fixture';
import { TicketSheet } from './ticket-sheet';

function renderTicket(orderId: string, language: 'en' | 'cs' = 'en') {
  const now = Date.now();
  const snapshot = snapshotFixture(now);
  snapshot.settings.language = language;
  snapshot.orders = [
    orderFixture(now, { id: 'o1', status: 'ACCEPTED' }),
    orderFixture(now, {
      id: 'o2',
      status: 'ACCEPTED',
      deliveryType: 'byCustomer',
      tableId: null,
      tableName: null,
      pickupAt: '2026-11-22T17:30:00Z',
      customerName: 'Eva',
      note: null,
    }),
  ];
  const api = createFakeApi(snapshot);
  const events: string[] = [];
  const missing: string[] = [];
  render(
    <I18nextProvider i18n={createI18n('en', { onMissingKey: (k) => missing.push(k) })}>
      <TicketSheet api={api} orderId={orderId} onReady={() => events.push('ready')} onError={(m) => events.push(`error:${m}`)} />
    </I18nextProvider>,
  );
  return { events, missing };
}

describe('Kitchen ticket', () => {
  it('shows where the order goes, each line with quantity and note, the order note, no prices; ready once', async () => {
    const { events, missing } = renderTicket('o1');
    await waitFor(() => expect(events).toEqual(['ready']));
    const ticket = screen.getByRole('article', { name: 'Kitchen ticket' });
    expect(within(ticket).getByRole('heading', { level: 1 })).toHaveTextContent('Table 5');
    const rows = within(ticket).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['2×Pilsner', '1×Goulashno onion']);
    expect(ticket).toHaveTextContent('Note: We sit outside');
    expect(ticket).not.toHaveTextContent('CZK');
    expect(missing).toEqual([]);
  });

  it('a pickup order by its time and the guest, in the restaurant’s language', async () => {
    const { events } = renderTicket('o2', 'cs');
    await waitFor(() => expect(events).toEqual(['ready']));
    const ticket = screen.getByRole('article', { name: 'Lístek do kuchyně' });
    expect(within(ticket).getByRole('heading', { level: 1 }).textContent).toMatch(/^Vyzvednutí \d\d:\d\d$/);
    expect(ticket).toHaveTextContent('Pro: Eva');
  });

  it('an order that is gone is an error, never a blank ticket', async () => {
    const { events } = renderTicket('nope');
    await waitFor(() => expect(events).toEqual(['error:ORDER_NOT_FOUND']));
    expect(screen.getByRole('alert')).toHaveTextContent('This order is no longer in the inbox.');
  });
});
