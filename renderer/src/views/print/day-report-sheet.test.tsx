import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { createFakeApi, fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { dayReportFixture } from '../../test/history-fixture';
import { DayReportSheet } from './day-report-sheet';

function renderReport(setup: (api: ReturnType<typeof createFakeApi>) => void = () => undefined) {
  const api = createFakeApi(snapshotFixture());
  setup(api);
  const events: string[] = [];
  const missing: string[] = [];
  render(
    <I18nextProvider i18n={createI18n('en', { onMissingKey: (k) => missing.push(k) })}>
      <DayReportSheet api={api} date="2026-11-21" onReady={() => events.push('ready')} onError={(m) => events.push(`error:${m}`)} />
    </I18nextProvider>,
  );
  return { api, events, missing };
}

const text = () => (document.body.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Day report (Z report) print page', () => {
  it('has Print and Back in a browser tab, as every other sheet, and none on paper in Electron', async () => {
    const user = userEvent.setup();
    const pressed: string[] = [];
    const api = createFakeApi(snapshotFixture());
    const ready: string[] = [];
    const view = render(
      <I18nextProvider i18n={createI18n('en')}>
        <DayReportSheet
          api={api}
          date="2026-11-21"
          onReady={() => ready.push('ready')}
          onError={() => undefined}
          browserActions={{ print: () => pressed.push('print'), back: () => pressed.push('back') }}
        />
      </I18nextProvider>,
    );
    await waitFor(() => expect(ready).toEqual(['ready']));
    const toolbar = screen.getByRole('toolbar', { name: 'Print day report' });
    await user.click(within(toolbar).getByRole('button', { name: 'Print day report' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Back' }));
    expect(pressed).toEqual(['print', 'back']);
    view.unmount();
    renderReport();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it("holds the day's totals, splits and payments, then is ready once", async () => {
    const { api, events, missing } = renderReport();
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(api.callsOf('dayReport')).toEqual([{ date: '2026-11-21' }]);
    expect(api.callsOf('listPayments')).toEqual([{ from: '2026-11-21', to: '2026-11-21' }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Day report (Z report)');
    expect(text()).toContain('U Zlatého stolu');
    expect(text()).toContain('NetCZK 1,194.00');
    expect(text()).toContain('RefundsCZK 324.00');
    expect(screen.getByRole('table', { name: 'By provider' })).toHaveTextContent('card');
    expect(document.querySelectorAll('.z-payments tr[data-payment-id]')).toHaveLength(3);
    // The payment links paid that day: their own line, apart from the payments.
    expect(screen.getByRole('heading', { name: 'Paid by payment link' })).toBeInTheDocument();
    expect(text()).toContain('1 paid, CZK 250.00 (apart from the payments above)');
    expect(missing).toEqual([]);
  });

  it('prints the settlements at close as lines of their own, and the splits by tender and by waiter', async () => {
    const { events, missing } = renderReport((api) => {
      const report = dayReportFixture(api.snapshot, '2026-11-21');
      api.answer('dayReport', {
        ok: true,
        value: {
          ...report,
          settled: '430.40',
          billed: '1862.40',
          byTender: [
            { tender: 'card', count: 3, amount: '1432.00', tips: '86.00' },
            { tender: 'cash', count: 1, amount: '120.00', tips: '0.00' },
            { tender: 'walkout', count: 1, amount: '310.40', tips: '0.00' },
          ],
          byWaiter: [
            { waiterId: 'w-jana', waiter: 'Jana', count: 3, amount: '1310.40', tips: '56.00' },
            { waiterId: null, waiter: null, count: 2, amount: '552.00', tips: '30.00' },
          ],
          settlements: [
            {
              billId: 'b7',
              time: '2026-11-21T19:15:00.000Z',
              tableId: 't2',
              table: '2',
              area: null,
              bill: null,
              tender: 'cash',
              amount: '120.00',
              currency: 'CZK',
              note: 'paid at the bar',
              waiterId: null,
              waiter: null,
            },
            {
              billId: 'b8',
              time: '2026-11-21T20:45:00.000Z',
              tableId: 't3',
              table: '3',
              area: null,
              bill: null,
              tender: 'walkout',
              amount: '310.40',
              currency: 'CZK',
              note: 'left by the terrace',
              waiterId: 'w-jana',
              waiter: 'Jana',
            },
          ],
        },
      });
    });
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(text()).toContain('Settled at closeCZK 430.40');
    expect(text()).toContain('All tendersCZK 1,862.40');
    const tenders = screen.getByRole('table', { name: 'By tender' });
    expect([...tenders.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-key'))).toEqual(['card', 'cash', 'walkout']);
    expect(tenders).toHaveTextContent('Walkout1CZK 310.40');
    const waiters = screen.getByRole('table', { name: 'By waiter' });
    expect(waiters).toHaveTextContent('Jana3CZK 1,310.40CZK 56.00');
    expect(waiters).toHaveTextContent('No waiter2CZK 552.00CZK 30.00');
    const lines = [...document.querySelectorAll<HTMLElement>('.z-settlements tr[data-bill-id]')];
    expect(lines.map((r) => r.dataset.tender)).toEqual(['cash', 'walkout']);
    expect(lines[1]).toHaveTextContent('Walkout');
    expect(lines[1]).toHaveTextContent('Jana');
    expect(lines[1]).toHaveTextContent('left by the terrace');
    expect(missing).toEqual([]);
  });

  it('prints no settlement section on a day without settlements', async () => {
    const { events } = renderReport();
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(document.querySelector('.z-settlements')).toBeNull();
    expect(document.querySelector('[data-figure="settled"]')).toBeNull();
  });

  it("uses the restaurant's language", async () => {
    const { events } = renderReport((api) => {
      api.snapshot.settings.language = 'cs';
    });
    await waitFor(() => expect(events).toEqual(['ready']));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Denní uzávěrka');
    expect(text()).toContain('Čistá tržba1 194,00 Kč');
    expect(text()).toContain('Zaplaceno platebním odkazemZaplaceno 1, 250,00 Kč (mimo platby výše)');
  });

  it("reports a failure in the cashier words instead of printing an empty page, never main's English message", async () => {
    const { events, missing } = renderReport((api) => api.answer('dayReport', fail('INTERNAL_ERROR', undefined, 'dayReport')));
    await waitFor(() => expect(events).toEqual(['error:INTERNAL_ERROR']));
    expect(screen.getByRole('alert')).toHaveTextContent('The day report could not be loaded: Something went wrong in Tableside.');
    expect(text()).not.toContain('SQLITE_CORRUPT');
    expect(missing).toEqual([]);
  });

  it('words a refused payment list in Czech, by its code', async () => {
    const { events, missing } = renderReport((api) => {
      api.snapshot.settings.language = 'cs';
      api.answer('listPayments', fail('BAD_RANGE', undefined, 'listPayments'));
    });
    await waitFor(() => expect(events).toEqual(['error:BAD_RANGE']));
    expect(screen.getByRole('alert').textContent).toMatch(/^Uzávěrku se nepodařilo načíst: /);
    expect(text()).not.toContain('The last day');
    expect(missing).toEqual([]);
  });
});
