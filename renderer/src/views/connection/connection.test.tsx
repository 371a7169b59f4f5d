import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { connectionFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// The connection in a cashier's words, from the first second of an outage.
const statusBar = () => document.querySelector('footer.status-bar') as HTMLElement;
const card = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}\\s`) });

describe('Connection status and banner', () => {
  it('says Connected and the restaurant; the transport and round trip only under Details, no "RTT"', async () => {
    const { missingKeys } = await renderApp();
    expect(statusBar()).toHaveTextContent('Connected');
    expect(statusBar()).toHaveTextContent('U Zlatého stolu');
    expect(statusBar()).not.toHaveTextContent('RTT');
    const details = within(statusBar()).getByText('Details').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('Transport: WebSocket');
    expect(details).toHaveTextContent('Round trip: 42 ms');
    expect((statusBar().textContent ?? '').replace(details.textContent ?? '', '')).not.toContain('WebSocket');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('No QR pay')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('from the first second of a drop: banner, status word, and cards a guest cannot pay dim', async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    pushEvents({
      type: 'connection',
      seq: 11,
      connection: connectionFixture(now, { status: 'reconnecting', cause: 'dropped', since: now, attempt: 1, nextTryAt: now + 1000, rttMs: null }),
    });
    expect(statusBar()).toHaveTextContent('Reconnecting');
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The connection to the payment service dropped. Tableside is reconnecting by itself.');
    expect(banner).toHaveTextContent('Guests: scanning a QR code may take longer or fail until the link is back.');
    // Open, partly paid and in-payment tables say guests cannot pay by phone; a free one says nothing.
    for (const label of ['Table 2', 'Table 12', 'Bar 1']) {
      expect(within(card(label)).getByText('No QR pay')).toBeInTheDocument();
      expect(card(label)).toHaveClass('guests-offline');
    }
    expect(within(card('Table 1')).queryByText('No QR pay')).toBeNull();
    expect(card('Table 1')).not.toHaveClass('guests-offline');
    // The retry keeps the outage's words.
    pushEvents({
      type: 'connection',
      seq: 12,
      connection: connectionFixture(now, { status: 'connecting', cause: 'dropped', since: now + 1000, attempt: 1, rttMs: null }),
    });
    expect(statusBar()).toHaveTextContent('Reconnecting');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    pushEvents({ type: 'connection', seq: 13, connection: connectionFixture(now) });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('No QR pay')).toBeNull();
  });

  it('no internet is on this side, and says for how long after a minute', async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    pushEvents({
      type: 'connection',
      seq: 11,
      connection: connectionFixture(now, { status: 'offline', cause: 'unreachable', since: now, rttMs: null, transport: 'longpoll' }),
    });
    expect(statusBar()).toHaveTextContent('No internet');
    expect(screen.getByRole('alert')).toHaveTextContent('No internet: this till cannot reach the payment service. The problem is on this side');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Guests: scanning a QR code does not open their bill and they cannot pay by phone. Take payment at the till.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Down for');
    pushEvents({
      type: 'connection',
      seq: 12,
      connection: connectionFixture(now, { status: 'offline', cause: 'unreachable', since: now - 120_000, rttMs: null, transport: 'longpoll' }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Down for 2 min.');
  });
});

describe('Connection banner: whose side the problem is on', () => {
  it('a service restarting after 503 is on its side, with the wait', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.connection = connectionFixture(now, {
      status: 'reconnecting',
      cause: 'restarting',
      since: now,
      attempt: 1,
      nextTryAt: now + 120_000,
      rttMs: null,
    });
    await renderApp({ snapshot, now: () => now });
    expect(statusBar()).toHaveTextContent('Service restarting');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The payment service is restarting. The problem is on its side, not yours: Tableside reconnects in 120 s.',
    );
  });

  it('says what to do when the key is rejected, and goes to Settings', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.connection = connectionFixture(now, { status: 'rejected', cause: 'credentials' });
    const { user } = await renderApp({ snapshot });
    const banner = screen.getByRole('alert');
    expect(statusBar()).toHaveTextContent('API key rejected');
    expect(banner).toHaveTextContent('rejected the API key or Pos-Id of this till: the problem is on this side. Enter a valid key in Settings');
    await user.click(within(banner).getByRole('button', { name: 'Open Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('another POS connected: guests pay there; Reconnect shows its error', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.connection = connectionFixture(now, { status: 'conflict' });
    const { user, api } = await renderApp({ snapshot });
    api.answer('reconnect', fail('FAILED', undefined, 'reconnect'));
    const banner = screen.getByRole('alert');
    expect(statusBar()).toHaveTextContent('Another POS connected');
    expect(banner).toHaveTextContent('Another POS or Tableside is connected to the payment service for this restaurant.');
    expect(banner).toHaveTextContent("Guests: their QR payments go to the other connection, not to this till's bills.");
    expect(within(banner).queryByRole('button', { name: 'Open Settings' })).toBeNull();
    await user.click(within(banner).getByRole('button', { name: 'Reconnect now' }));
    expect(api.callsOf('reconnect')).toHaveLength(1);
    expect(await within(banner).findByText('Reconnecting failed (code FAILED). Try again.')).toBeInTheDocument();
  });

  it('in Czech: the status word, the banner and the cards', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.connection = connectionFixture(now, { status: 'offline', cause: 'unreachable', since: now, rttMs: null });
    const { missingKeys } = await renderApp({ snapshot, language: 'cs' });
    expect(statusBar()).toHaveTextContent('Bez internetu');
    expect(screen.getByRole('alert')).toHaveTextContent('Bez internetu: pokladna se nedostane k platební službě. Problém je na této straně');
    expect(screen.getByRole('alert')).toHaveTextContent('Přijměte platbu na pokladně.');
    expect(within(card('Stůl 2')).getByText('QR platba nejde')).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });

  it('is one short line in both languages; Details opens the whole sentences and closes them again', async () => {
    const now = Date.now();
    for (const language of ['cs', 'en'] as const) {
      const snapshot = snapshotFixture(now);
      snapshot.connection = connectionFixture(now, { status: 'offline', cause: 'unreachable', since: now - 180_000, rttMs: null });
      const { missingKeys, user, view } = await renderApp({ snapshot, language });
      const banner = screen.getByRole('alert');
      const short = banner.querySelector('.banner-short')!;
      expect(short).toHaveTextContent(
        language === 'cs'
          ? 'Bez internetu: QR platby nejdou, přijímejte platby na pokladně. (3 min)'
          : 'No internet: QR payments are down, take payment at the till. (3 min)',
      );
      const toggle = within(banner).getByRole('button', { name: language === 'cs' ? 'Podrobnosti' : 'Details' });
      const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(details).not.toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(details).toBeVisible();
      expect(details).toHaveTextContent(language === 'cs' ? 'Bez spojení 3 min.' : 'Down for 3 min.');
      await user.click(toggle);
      expect(details).not.toBeVisible();
      expectNoMissingKeys(missingKeys);
      view.unmount();
    }
  });
});
