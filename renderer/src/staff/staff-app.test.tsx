// The phone page as a waiter uses it, against a real ws stand-in for the till on 127.0.0.1:
// pairing from the address, the floor and notices, the bill, role-dependent buttons, Czech.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test's client socket: jsdom's global one cannot dispatch undici's events
import { WebSocket as WsClient } from 'ws';
import type { StaffNoticeKind, StaffPairAnswer } from '../../../preload/staff-frames';
import { TillDouble, type TillDevice } from '../../../test/staff/till-double';
import type { Alerter } from './alerts';
import { StaffApp } from './staff-app';
import { StaffController } from './staff-controller';
import { createStaffI18n } from './staff-i18n';
import { billOf, noticeOf, snapshotOf, tableOf } from './test-snapshot';

interface PairCall {
  url: string;
  body: unknown;
}

function setup(till: TillDouble, pairReply: (code: string) => { status: number; body: unknown }) {
  const alerts: StaffNoticeKind[] = [];
  const pairCalls: PairCall[] = [];
  const missing: string[] = [];
  const alerter: Alerter = { alert: (kind) => alerts.push(kind), warmUp: () => undefined };
  const fetchFn = ((url: string, init: RequestInit) => {
    const body = JSON.parse(init.body as string) as { code: string };
    pairCalls.push({ url, body });
    const reply = pairReply(body.code);
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'Content-Type': 'application/json' } }));
  }) as typeof fetch;
  const controller = new StaffController({
    storage: window.localStorage,
    location: window.location,
    history: window.history,
    navigator: window.navigator,
    fetch: fetchFn,
    alerter,
    liveUrl: till.url,
    createSocket: (url) => new WsClient(url) as unknown as WebSocket,
    backoff: { firstMs: 20, maxMs: 200 },
  });
  const i18n = createStaffI18n(controller.language(), (key) => missing.push(key));
  render(<StaffApp controller={controller} i18n={i18n} />);
  return { controller, alerts, pairCalls, missing };
}

function answerOf(device: TillDevice): StaffPairAnswer {
  return { deviceId: device.deviceId, secret: device.secret, name: device.view.name, role: device.view.role };
}

function storeDevice(device: TillDevice): void {
  window.localStorage.setItem('tableside.staff.device', JSON.stringify(answerOf(device)));
}

describe('the waiter phone page', () => {
  let till: TillDouble;
  let controller: StaffController | null = null;

  beforeEach(async () => {
    window.localStorage.clear();
    window.history.replaceState(null, '', '/');
    till = await TillDouble.start(snapshotOf());
  });
  afterEach(async () => {
    controller?.stop();
    controller = null;
    await till.stop();
  });

  it('without a stored device or a code, says how to pair and nothing else', async () => {
    const page = setup(till, () => ({ status: 404, body: { error: 'CODE_UNKNOWN' } }));
    controller = page.controller;
    await act(() => page.controller.boot());
    expect(screen.getByText('Scan the pairing code on the till (Settings → Staff phones)')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(page.pairCalls).toEqual([]);
    expect(till.connections).toBe(0);
  });

  it('pairs by the code in the address, takes it out of the address, keeps the key and goes live', async () => {
    const device = till.addDevice("Petra's phone", 'waiter');
    window.history.replaceState(null, '', '/#pair=K7Q2-PX9M');
    const page = setup(till, (code) => (code === 'K7Q2-PX9M' ? { status: 200, body: answerOf(device) } : { status: 404, body: { error: 'CODE_UNKNOWN' } }));
    controller = page.controller;
    await act(() => page.controller.boot());
    expect(window.location.hash).toBe('');
    expect(window.location.href).not.toContain('K7Q2');
    expect(page.pairCalls).toEqual([{ url: '/staff/pair', body: expect.objectContaining({ code: 'K7Q2-PX9M' }) }]);
    expect(JSON.parse(window.localStorage.getItem('tableside.staff.device') ?? '{}')).toMatchObject({ deviceId: device.deviceId, secret: device.secret });
    expect(await screen.findByRole('heading', { name: 'U Zlatého lva' })).toBeInTheDocument();
    expect(page.missing).toEqual([]);
  });

  it.each([
    ['CODE_UNKNOWN', 404, 'This pairing code does not work any more'],
    ['RATE_LIMITED', 429, 'Too many tries. Wait a minute'],
  ])('a %s answer is told in a waiter’s words and stores nothing', async (code, status, words) => {
    window.history.replaceState(null, '', `/#pair=WRONG`);
    const page = setup(till, () => ({ status, body: { error: code } }));
    controller = page.controller;
    await act(() => page.controller.boot());
    expect(screen.getByRole('alert')).toHaveTextContent(words);
    expect(screen.getByText('Scan the pairing code on the till (Settings → Staff phones)')).toBeInTheDocument();
    expect(window.localStorage.getItem('tableside.staff.device')).toBeNull();
    expect(till.connections).toBe(0);
  });

  it('shows notices problems first, newest first within each group, rings unmuted kinds, acknowledges', async () => {
    till.snapshot = snapshotOf({
      notices: [
        noticeOf('n-paid-old', { at: '2026-11-29T09:00:00.000Z', tableName: 'Table 1' }),
        noticeOf('n-declined', { kind: 'declined', problem: true, at: '2026-11-29T08:50:00.000Z', tableName: 'Table 2' }),
        noticeOf('n-part', { kind: 'partly-paid', amount: '40.00', left: '80.00', at: '2026-11-29T09:10:00.000Z', tableName: 'Table 2' }),
        noticeOf('n-capture', { kind: 'capture', problem: true, at: '2026-11-29T09:05:00.000Z', tableName: 'Table 1' }),
      ],
    });
    storeDevice(till.addDevice("Petra's phone", 'waiter'));
    window.localStorage.setItem('tableside.staff.prefs', JSON.stringify({ language: null, tillLanguage: null, muted: ['tip'] }));
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    await screen.findByRole('heading', { name: 'U Zlatého lva' });
    const items = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-kind'));
    expect(items()).toEqual(['capture', 'declined', 'partly-paid', 'paid']);
    expect(screen.getByText(/Table 2 paid CZK\s?40\.00, CZK\s?80\.00 left/)).toBeInTheDocument();
    act(() => till.push({ type: 'notice', notice: noticeOf('n-tip', { kind: 'tip', amount: '20.00', at: '2026-11-29T09:20:00.000Z' }) }));
    act(() => till.push({ type: 'notice', notice: noticeOf('n-failed', { kind: 'failed', problem: true, at: '2026-11-29T09:21:00.000Z' }) }));
    await waitFor(() => expect(items()).toEqual(['failed', 'capture', 'declined', 'tip', 'partly-paid', 'paid']));
    expect(page.alerts).toEqual(['failed']);
    till.handler = (req) => ({ result: req.cmd === 'ack' ? null : undefined });
    await userEvent.click(screen.getByRole('button', { name: /Acknowledge: Table 1: the payment failed/ }));
    await waitFor(() => expect(items()).not.toContain('failed'));
    expect(till.requests.at(-1)).toMatchObject({ cmd: 'ack', input: { noticeId: 'n-failed' } });
    expect(page.missing).toEqual([]);
  });

  it("a waiter's bill has no capture, close or refund; help rings at the till", async () => {
    storeDevice(till.addDevice("Petra's phone", 'waiter'));
    till.handler = (req) => ({ result: req.cmd === 'openTable' ? billOf('1') : null });
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    await screen.findByRole('heading', { name: 'U Zlatého lva' });
    await userEvent.click(screen.getByRole('button', { name: 'Floor' }));
    await userEvent.click(screen.getByRole('button', { name: /Table 1\s*Open/ }));
    const bill = await screen.findByRole('dialog', { name: 'Table 1' });
    await within(bill).findByText('3 × Pilsner');
    expect(within(bill).getByText('1 paid')).toBeInTheDocument();
    expect(within(bill).getByText('1 paying now')).toBeInTheDocument();
    expect(within(bill).queryByRole('button', { name: /capture|close bill|refund/i })).toBeNull();
    expect(within(bill).queryByLabelText('Manager PIN')).toBeNull();
    await userEvent.click(within(bill).getByRole('button', { name: 'Guest needs help' }));
    await within(bill).findByText('The till was told.');
    expect(till.requests.at(-1)).toMatchObject({ cmd: 'call', input: { tableId: '1', kind: 'help' } });
  });

  it('a manager unlocks with the PIN, then captures and closes; a wrong PIN is told', async () => {
    storeDevice(till.addDevice('Manager', 'manager'));
    const until = new Date(Date.now() + 5 * 60_000).toISOString();
    till.handler = (req) => {
      if (req.cmd === 'openTable') return { result: billOf('1') };
      if (req.cmd === 'managerUnlock') return req.input.pin === '2468' ? { result: { until } } : { error: { code: 'PIN_WRONG', message: 'wrong' } };
      if (req.cmd === 'closeBill') return { error: { code: 'MONEY_DUE', message: 'due' } };
      return { result: null };
    };
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    await screen.findByRole('heading', { name: 'U Zlatého lva' });
    await act(() => page.controller.openTable('1'));
    const bill = await screen.findByRole('dialog', { name: 'Table 1' });
    expect(within(bill).queryByRole('button', { name: 'Capture' })).toBeNull();
    await userEvent.type(within(bill).getByLabelText('Manager PIN'), '1111');
    await userEvent.click(within(bill).getByRole('button', { name: 'Unlock' }));
    expect(await within(bill).findByRole('alert')).toHaveTextContent('Wrong PIN.');
    await userEvent.type(within(bill).getByLabelText('Manager PIN'), '2468');
    await userEvent.click(within(bill).getByRole('button', { name: 'Unlock' }));
    // Only the payment that waits for capture offers it.
    expect(await within(bill).findAllByRole('button', { name: 'Capture' })).toHaveLength(1);
    await userEvent.click(within(bill).getByRole('button', { name: 'Capture' }));
    await within(bill).findByText('Captured.');
    expect(till.requests.find((r) => r.cmd === 'capture')).toMatchObject({ input: { paymentId: 'pay-000000aaaaaa' } });
    await userEvent.click(within(bill).getByRole('button', { name: 'Close bill' }));
    expect(await within(bill).findByRole('alert')).toHaveTextContent('Money is still due on this bill');
    // The till ended the unlock (its clock, not the phone's, decides): the page locks again.
    till.handler = () => ({ error: { code: 'PIN_REQUIRED', message: 'unlock first' } });
    await userEvent.click(within(bill).getByRole('button', { name: 'Capture' }));
    expect(await within(bill).findByRole('alert')).toHaveTextContent('Unlock with the manager PIN first.');
    expect(within(bill).getByLabelText('Manager PIN')).toBeInTheDocument();
    expect(within(bill).queryByRole('button', { name: /Capture|Close bill/ })).toBeNull();
  });

  it("speaks the till's language (Czech) with no missing word, and the phone may choose English", async () => {
    till.snapshot = snapshotOf({ language: 'cs', notices: [noticeOf('n1', { kind: 'partly-paid', amount: '40.00', left: '80.00', tableName: 'Stůl 2' })] });
    storeDevice(till.addDevice('Petřin telefon', 'waiter'));
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    expect(await screen.findByText(/Stůl 2 zaplatil 40,00\sKč, zbývá 80,00\sKč/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stoly' }));
    expect(screen.getByRole('button', { name: /Table 2\s*Částečně/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Přestat sledovat Table 1' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Telefon' }));
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Sound and vibration')).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('tableside.staff.prefs') ?? '{}')).toMatchObject({ language: 'en' });
    expect(page.missing).toEqual([]);
  });

  it('follows a table and a whole area through the till', async () => {
    storeDevice(till.addDevice("Petra's phone", 'waiter'));
    till.handler = (req) => ({ result: req.cmd === 'follow' ? req.input : null });
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    await screen.findByRole('heading', { name: 'U Zlatého lva' });
    await userEvent.click(screen.getByRole('button', { name: 'Floor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Follow Table 3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop following Table 3' })).toHaveAttribute('aria-pressed', 'true'));
    const hall = screen.getByRole('region', { name: 'Hall' });
    await userEvent.click(within(hall).getByRole('button', { name: 'Follow all' }));
    await waitFor(() => expect(within(hall).getByRole('button', { name: 'Stop following Table 4' })).toBeInTheDocument());
    expect(till.requests.map((r) => r.input)).toEqual([
      { tableIds: ['1', '2', '3'], areas: [] },
      { tableIds: ['1', '2', '3'], areas: ['Hall'] },
    ]);
    // A table event re-colours the tile at once.
    act(() => till.push({ type: 'table', table: tableOf('3', { state: 'paying', due: '55.00' }) }));
    expect(await screen.findByRole('button', { name: /Table 3\s*Paying\s*CZK\s?55\.00/ })).toBeInTheDocument();
  });

  it('a revoked phone forgets its key and shows the pairing page', async () => {
    const device = till.addDevice("Petra's phone", 'waiter');
    storeDevice(device);
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    await screen.findByRole('heading', { name: 'U Zlatého lva' });
    act(() => till.revoke(device.deviceId));
    expect(await screen.findByRole('alert')).toHaveTextContent('This phone was removed at the till');
    expect(screen.queryByText('Table 1')).toBeNull();
    expect(window.localStorage.getItem('tableside.staff.device')).toBeNull();
  });

  it('says plainly when it is not connected, and when staff phones are off', async () => {
    storeDevice(till.addDevice("Petra's phone", 'waiter'));
    const page = setup(till, () => ({ status: 404, body: {} }));
    controller = page.controller;
    await act(() => page.controller.boot());
    await screen.findByRole('heading', { name: 'U Zlatého lva' });
    expect(screen.queryByRole('status')).toBeNull();
    // A till that does not answer: the retries keep saying so until a welcome.
    till.challenging = false;
    act(() => till.dropAll());
    expect(await screen.findByText('Not connected to the till — retrying')).toBeInTheDocument();
    await waitFor(() => expect(till.connections).toBe(2));
    expect(screen.getByText('Not connected to the till — retrying')).toBeInTheDocument();
    till.challenging = true;
    const back = till.nextWelcome();
    await act(async () => {
      page.controller.wake(true);
      await back;
    });
    await waitFor(() => expect(screen.queryByText('Not connected to the till — retrying')).toBeNull());
    act(() => till.closeAll(4410));
    expect(await screen.findByText('Staff phones were turned off at the till')).toBeInTheDocument();
  });
});
