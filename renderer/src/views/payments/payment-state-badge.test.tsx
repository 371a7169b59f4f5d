import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../format/decimal-text';
import { ServicesProvider, type AppServices } from '../../services/app-context';
import { createI18n } from '../../i18n/create-i18n';
import { createAppStore } from '../../store/app-store';
import { manualFrames } from '../../store/frame-scheduler';
import { createFakeApi } from '../../test/fake-api';
import { paymentFixture, snapshotFixture } from '../../test/fixture';
import { CaptureButton, PaymentStateBadge, TableCaptureBadge, needsCapture } from './payment-state-badge';

function renderWith(ui: React.ReactNode, language: 'en' | 'cs' = 'en') {
  const snapshot = snapshotFixture();
  const api = createFakeApi(snapshot);
  const store = createAppStore();
  store.getState().applySnapshot(snapshot);
  const services: AppServices = {
    api,
    store,
    frames: manualFrames().schedule,
    bridgeKind: 'electron',
    now: () => Date.now(),
    beep: () => {},
    openWindow: () => {},
    copyText: async () => {},
    randomUuid: () => 'x',
  };
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <ServicesProvider services={services}>{ui}</ServicesProvider>
    </I18nextProvider>,
  );
  return { api, store };
}

const now = Date.now();
const authorised = paymentFixture(now, {
  id: 'p3',
  tableId: 't2',
  tableName: '2',
  state: 'PROCESSED',
  captureMode: 'manual',
  captured: false,
  amount: '54.00',
});

describe('Payment state badge', () => {
  it('an authorised manual-capture payment is "Capture needed", never "Processing"', () => {
    expect(needsCapture(authorised)).toBe(true);
    expect(needsCapture({ ...authorised, captured: true })).toBe(false);
    expect(needsCapture({ ...authorised, captureMode: 'auto' })).toBe(false);
    renderWith(
      <>
        <PaymentStateBadge payment={authorised} />
        <PaymentStateBadge payment={{ ...authorised, id: 'p4', captureMode: 'auto' }} />
      </>,
    );
    expect(screen.getByText('Capture needed')).toHaveClass('payment-capture-needed');
    expect(screen.getByText('Processing')).toHaveClass('payment-processed');
  });

  it('Capture sends capturePayment; nothing is offered for a payment that needs none', async () => {
    const { api } = renderWith(
      <>
        <CaptureButton payment={authorised} />
        <CaptureButton payment={{ ...authorised, id: 'p5', captured: true }} />
      </>,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(1);
    await userEvent.setup().click(screen.getByRole('button', { name: `Capture ${formatMoney('54', 'CZK', 'en')} at Table 2` }));
    expect(api.callsOf('capturePayment')).toEqual([{ paymentId: 'p3' }]);
  });

  it('marks a table card while one of its payments waits for capture, in Czech too', () => {
    const { store } = renderWith(
      <>
        <TableCaptureBadge tableId="t2" />
        <TableCaptureBadge tableId="t3" />
      </>,
      'cs',
    );
    // The fixture's p3 on t2 is manual and not captured but PAID: it does not wait.
    expect(screen.queryByText('Čeká na stržení')).toBeNull();
    act(() => store.getState().applyEvent({ type: 'payment', seq: 50, payment: authorised }));
    expect(screen.getAllByText('Čeká na stržení')).toHaveLength(1);
    act(() => store.getState().applyEvent({ type: 'payment', seq: 51, payment: { ...authorised, captured: true } }));
    expect(screen.queryByText('Čeká na stržení')).toBeNull();
  });
});

describe('how an unpaid payment ended, in both languages', () => {
  const ended = (ending: 'declined' | 'cancelled' | 'timed_out' | 'abandoned', closedState: string) =>
    paymentFixture(now, { id: `p-${ending}`, state: 'CANCELLED', closedState, ending, cancellableUntil: null });

  it('says declined, cancelled before payment, timed out and abandoned apart, never one "Cancelled"', () => {
    const words = (language: 'en' | 'cs') => {
      const shown: string[] = [];
      for (const [ending, closed] of [
        ['declined', 'CANCELLED'],
        ['cancelled', 'CANCELLED'],
        ['timed_out', 'LOCK_EXPIRED'],
        ['abandoned', 'CANCELLED'],
      ] as const) {
        renderWith(<PaymentStateBadge payment={ended(ending, closed)} />, language);
        shown.push(document.querySelector('.badge')?.textContent ?? '');
        cleanup();
      }
      return shown;
    };
    expect(words('en')).toEqual(['Declined', 'Cancelled before payment', 'Timed out', 'Abandoned']);
    expect(words('cs')).toEqual(['Zamítnuta', 'Zrušena před zaplacením', 'Vypršela', 'Opuštěná']);
  });
});
