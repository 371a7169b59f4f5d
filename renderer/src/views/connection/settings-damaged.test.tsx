import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN, fail } from '../../test/fake-api';
import { connectionFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

describe('A till whose settings file was damaged', () => {
  it('says it does not connect until a manager saves the settings, and goes to Settings', async () => {
    const now = Date.now();
    const snapshot = snapshotFixture(now);
    snapshot.connection = connectionFixture(now, { status: 'stopped', problem: 'SETTINGS_DAMAGED' });
    const { user, missingKeys } = await renderApp({ snapshot });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('The settings file of this till was damaged. Tableside does not connect until a manager');
    expectNoMissingKeys(missingKeys);
    await user.click(within(banner).getByRole('button', { name: 'Open Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  });

  it("words main's SETTINGS_DAMAGED refusal of a save", async () => {
    const { user, api } = await renderApp();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await screen.findByRole('option', { name: 'Kitchen' });
    api.answer('saveSettings', fail('SETTINGS_DAMAGED'));
    await user.type(screen.getByLabelText('Manager PIN'), FAKE_PIN);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The settings file was damaged: check the environment, service URL and Pos-Id');
  });
});
