import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: /Settings|Nastavení/ }));
  await screen.findByRole('option', { name: 'Kitchen' });
  return rendered;
}

describe('Settings: the update channel', () => {
  it('shows stable by default and, once the manager unlocks, saves beta', async () => {
    const { user, api, missingKeys } = await openSettings();
    const field = screen.getByLabelText('Updates');
    expect(field).toHaveValue('stable');
    // Which builds a till runs is the manager's call: locked behind the PIN like the integration.
    expect(field).toBeDisabled();
    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    expect(field).toBeEnabled();
    expect(field).toHaveAccessibleDescription(/keeps the beta until a newer stable version/);
    await user.selectOptions(field, 'beta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.callsOf('saveSettings')).toEqual([expect.objectContaining({ updateChannel: 'beta', unlock: 'unlock-1' })]);
    expectNoMissingKeys(missingKeys);
  });

  it('shows a stored beta channel in Czech', async () => {
    const snapshot = snapshotFixture();
    snapshot.settings.updateChannel = 'beta';
    const { missingKeys } = await openSettings({ snapshot, language: 'cs' });
    expect(screen.getByLabelText('Aktualizace')).toHaveValue('beta');
    expect(screen.getByRole('option', { name: 'Stabilní (doporučeno)' })).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });
});
