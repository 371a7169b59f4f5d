import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AttentionEntry, Snapshot } from '../../../../preload/contract';
import { fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const NOW = Date.parse('2026-11-21T19:00:00.000Z');

function entry(over: Partial<AttentionEntry> & Pick<AttentionEntry, 'id' | 'kind' | 'actions'>): AttentionEntry {
  return {
    since: '2026-11-21T18:40:00.000Z',
    tableId: 't4',
    tableName: '4',
    billId: 'b4',
    billName: null,
    paymentId: null,
    amount: '125.00',
    tip: null,
    currency: 'CZK',
    detail: {},
    ...over,
  };
}

const CAPTURE = entry({ id: 'capture:p9', kind: 'capture', paymentId: 'p9', tip: '10.00', actions: ['capture'] });
const LOCK = entry({
  id: 'lock-held:p8',
  kind: 'lock-held',
  paymentId: 'p8',
  amount: '62.50',
  detail: { state: 'STARTED' },
  actions: ['release-lock', 'retry-recovery'],
});
const SETTLED = entry({
  id: 'settled-bill:b7',
  kind: 'settled-bill',
  tableName: 'Garden 2',
  amount: '20.165',
  detail: { method: 'written-off', note: 'guest left' },
  actions: ['acknowledge'],
});
const REFUSED = entry({
  id: 'refund-refused:3',
  kind: 'refund-refused',
  paymentId: 'p3',
  amount: '459.00',
  tip: '15.00',
  detail: { code: 'GONE' },
  actions: ['acknowledge'],
});
const ERROR = entry({
  id: 'service-error:31',
  kind: 'service-error',
  tableId: null,
  tableName: null,
  billId: null,
  amount: null,
  currency: null,
  detail: { code: 'POS_TIMEOUT', message: 'getBill took 16 s' },
  actions: ['acknowledge'],
});

function snapshotWith(entries: AttentionEntry[]): Snapshot {
  const s = snapshotFixture(NOW);
  s.attention = entries;
  return s;
}

async function openTab(entries: AttentionEntry[], language: 'en' | 'cs' = 'en') {
  const app = await renderApp({ snapshot: snapshotWith(entries), now: () => NOW, language });
  await app.user.click(screen.getByRole('tab', { name: language === 'en' ? /Needs attention/ : /K vyřešení/ }));
  return app;
}

const item = (id: string) => document.querySelector<HTMLElement>(`[data-entry="${id}"]`)!;

describe('Needs attention', () => {
  it('lists each entry with its kind, table, exact amount, tip, time and explanation; the tab badge counts them', async () => {
    const { missingKeys } = await openTab([CAPTURE, LOCK, SETTLED, REFUSED, ERROR]);
    expect(screen.getByRole('tab', { name: /Needs attention/ })).toHaveAccessibleDescription('5 waiting');
    const list = screen.getByRole('list', { name: 'Things that need attention, oldest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(item('refund-refused:3')).toHaveTextContent(/refused to refund .*459\.00.* \(the 3-hour window for refunds has passed\)/);
    const capture = item('capture:p9');
    expect(capture).toHaveTextContent('Waiting for capture');
    expect(capture).toHaveTextContent('Table 4');
    expect(capture).toHaveTextContent(/125\.00/);
    expect(capture).toHaveTextContent(/tip .*10\.00/);
    // The PC's time zone: 18:40 UTC in local hours and minutes.
    const local = new Date('2026-11-21T18:40:00.000Z').toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(capture).toHaveTextContent(`Since ${local}`);
    expect(item('settled-bill:b7')).toHaveTextContent(/20\.165.*written off/);
    expect(item('settled-bill:b7')).toHaveTextContent('Note: guest left');
    expect(item('service-error:31')).toHaveTextContent('The payment service reported POS_TIMEOUT: getBill took 16 s');
    expect(item('service-error:31')).toHaveTextContent('No table');
    expectNoMissingKeys(missingKeys);
  });

  it('capture, release and retry call their commands for the payment; retry says what the service answered', async () => {
    const { api, user, missingKeys } = await openTab([CAPTURE, LOCK]);
    await user.click(within(item('capture:p9')).getByRole('button', { name: /Capture .*125\.00/ }));
    expect(api.callsOf('capturePayment')).toEqual([{ paymentId: 'p9' }]);
    await user.click(within(item('lock-held:p8')).getByRole('button', { name: 'Release the lock' }));
    expect(api.callsOf('releaseLock')).toEqual([{ paymentId: 'p8' }]);
    await user.click(within(item('lock-held:p8')).getByRole('button', { name: 'Ask the service again' }));
    expect(api.callsOf('retryRecovery')).toEqual([{ paymentId: 'p8' }]);
    expect(within(item('lock-held:p8')).getByRole('status')).toHaveTextContent('still paying');
    expectNoMissingKeys(missingKeys);
  });

  it('a refusal is worded from its code and facts, in Czech too', async () => {
    const { api, user, missingKeys } = await openTab([LOCK], 'cs');
    api.answer('releaseLock', fail('LOCK_NOT_STALE', { minutes: 5 }, 'releaseLock'));
    await user.click(within(item('lock-held:p8')).getByRole('button', { name: 'Odemknout účet' }));
    expect(within(item('lock-held:p8')).getByRole('alert')).toHaveTextContent('účet lze odemknout, až bude zámek starý 5 minut');
    api.answer('retryRecovery', fail('NETWORK_ERROR', undefined, 'retryRecovery'));
    await user.click(within(item('lock-held:p8')).getByRole('button', { name: 'Zeptat se služby znovu' }));
    expect(within(item('lock-held:p8')).getByRole('alert').textContent).not.toContain('unreachable');
    expectNoMissingKeys(missingKeys);
  });

  it('acknowledge asks for a note (keyboard only), sends it, and the entry leaves when main pushes the new list', async () => {
    const { api, user, pushEvents, missingKeys } = await openTab([SETTLED, ERROR]);
    within(item('settled-bill:b7')).getByRole('button', { name: 'Acknowledge' }).focus();
    await user.keyboard('{Enter}');
    const note = within(item('settled-bill:b7')).getByRole('textbox', { name: /Note/ });
    expect(note).toHaveFocus();
    await user.keyboard('manager paid it{Enter}');
    expect(api.callsOf('resolveAttention')).toEqual([{ entryId: 'settled-bill:b7', note: 'manager paid it' }]);
    pushEvents({ type: 'attention', seq: 50, entries: [ERROR] });
    expect(document.querySelector('[data-entry="settled-bill:b7"]')).toBeNull();
    expect(screen.getByRole('tab', { name: /Needs attention/ })).toHaveAccessibleDescription('1 waiting');
    // Escape leaves the note form without sending.
    await user.click(within(item('service-error:31')).getByRole('button', { name: 'Acknowledge' }));
    await user.keyboard('{Escape}');
    expect(within(item('service-error:31')).queryByRole('textbox')).toBeNull();
    expect(api.callsOf('resolveAttention')).toHaveLength(1);
    expectNoMissingKeys(missingKeys);
  });

  it('says when nothing needs attention, and the badge shows nothing', async () => {
    const { missingKeys } = await openTab([]);
    expect(screen.getByText(/Nothing needs attention/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Needs attention/ })).not.toHaveAttribute('aria-describedby');
    expectNoMissingKeys(missingKeys);
  });
});
