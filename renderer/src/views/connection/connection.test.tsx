import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { sessionFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

describe('Connection status and banner', () => {
  it('shows status, transport, rtt and restaurant in words', async () => {
    const { missingKeys } = await renderApp();
    const bar = screen.getByRole('status');
    expect(bar).toHaveTextContent('Connected');
    expect(bar).toHaveTextContent('WebSocket');
    expect(bar).toHaveTextContent('RTT 42 ms');
    expect(bar).toHaveTextContent('U Zlatého stolu');
    expect(screen.queryByRole('alert')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('shows no banner for a short outage, and one after 30 s offline', async () => {
    const now = Date.now();
    const { pushEvents } = await renderApp();
    pushEvents({ type: 'session', seq: 11, session: sessionFixture(now, { status: 'reconnecting', since: now - 5000, rttMs: null }) });
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting');
    expect(screen.queryByRole('alert')).toBeNull();
    pushEvents({ type: 'session', seq: 12, session: sessionFixture(now, { status: 'offline', since: now - 120_000, transport: 'longpoll' }) });
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the payment service for 2 min');
    expect(screen.getByRole('status')).toHaveTextContent('Long-poll');
  });

  it('says what to do when the key is rejected, and goes to Settings', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.session = sessionFixture(now, { status: 'rejected' });
    const { user } = await renderApp({ snapshot });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('rejected the API key. Enter a valid key in Settings');
    await user.click(within(banner).getByRole('button', { name: 'Open Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers Reconnect on conflict and shows its error', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.session = sessionFixture(now, { status: 'conflict' });
    const { user, api } = await renderApp({ snapshot });
    api.answer('reconnect', fail('Still in use by another companion.', 'FAILED', undefined, 'reconnect'));
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('Another Tableside is connected with this Pos-Id');
    await user.click(within(banner).getByRole('button', { name: 'Reconnect now' }));
    expect(api.callsOf('reconnect')).toHaveLength(1);
    expect(await within(banner).findByText('Reconnecting failed (code FAILED). Try again.')).toBeInTheDocument();
  });
});
