import { render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/create-i18n';
import { createFakeApi, fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
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
