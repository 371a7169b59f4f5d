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

describe('Settings: who makes the fiscal receipt (receipts)', () => {
  it('shows the service by default and, once the manager unlocks, saves "our main POS" (POSTPONED) from the keyboard', async () => {
    const { user, api, missingKeys } = await openSettings();
    const field = screen.getByLabelText('Fiscal receipt made by');
    expect(field).toHaveValue('QERKO_GENERATED');
    // An integration setting: locked behind the manager PIN until it is entered.
    expect(field).toBeDisabled();
    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    expect(field).toBeEnabled();
    expect(field).toHaveAccessibleDescription(/PUT \/v1\/payments\/\{id\}\/receipt/);
    field.focus();
    await user.selectOptions(field, 'POSTPONED');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.callsOf('saveSettings')).toEqual([expect.objectContaining({ receiptMode: 'POSTPONED', unlock: 'unlock-1' })]);
    expectNoMissingKeys(missingKeys);
  });

  it('shows a stored POSTPONED mode in Czech', async () => {
    const snapshot = snapshotFixture();
    snapshot.settings.receiptMode = 'POSTPONED';
    const { missingKeys } = await openSettings({ snapshot, language: 'cs' });
    const field = screen.getByLabelText('Fiskální účtenku vystavuje');
    expect(field).toHaveValue('POSTPONED');
    expect(screen.getByRole('option', { name: 'Naše hlavní pokladna (každou účtenku pošle do Tableside)' })).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });
});
