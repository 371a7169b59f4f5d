import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN, fail } from '../../test/fake-api';
import { connectionFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

describe('A till whose API key is missing', () => {
  it('says the key must be entered again, and goes to Settings', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.connection = connectionFixture(now, { status: 'stopped', problem: 'KEY_MISSING' });
    const { user, missingKeys } = await renderApp({ snapshot });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The API key is missing or could not be read on this computer');
    expectNoMissingKeys(missingKeys);
    await user.click(within(banner).getByRole('button', { name: 'Open Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('A new service URL without its key', () => {
  it("words main's KEY_REQUIRED_FOR_NEW_URL refusal", async () => {
    const { user, api } = await renderApp();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await screen.findByRole('option', { name: 'Kitchen' });
    api.answer('saveSettings', fail('KEY_REQUIRED_FOR_NEW_URL'));
    await user.type(screen.getByLabelText('Manager PIN'), FAKE_PIN);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.clear(screen.getByLabelText('Service URL'));
    await user.type(screen.getByLabelText('Service URL'), 'https://other.example.test');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A new service URL needs its API key: enter the key from that service together with the URL.');
  });
});
