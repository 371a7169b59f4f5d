import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

describe('A till whose API key is missing', () => {
  it('says the key must be entered again, and goes to Settings', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.session = sessionFixture(now, { status: 'stopped', problem: 'KEY_MISSING' });
    const { user, missingKeys } = await renderApp({ snapshot });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The API key is missing or could not be read on this computer');
    expectNoMissingKeys(missingKeys);
    await user.click(within(banner).getByRole('button', { name: 'Open Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });
});
