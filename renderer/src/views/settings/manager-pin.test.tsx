import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN, fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// Integration settings behind the manager PIN; cashier settings stay open.
async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'Nastavení' : 'Settings' }));
  return rendered;
}

const integration = () => screen.getByRole('region', { name: 'Integration (manager only)' });

describe('Manager PIN in Settings', () => {
  it('keeps the integration fields locked and the token hidden; the cashier fields stay open', async () => {
    const { missingKeys } = await openSettings();
    for (const label of ['Environment', 'Service URL', /New API key/, 'Pos-Id', 'Connection', 'Local POS API port']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    for (const label of ['Printer for QR sheets', 'Sound on new notifications', /Remind of unacknowledged problems/, 'Start at login']) {
      expect(screen.getByLabelText(label)).toBeEnabled();
    }
    expect(screen.queryByLabelText('Token')).toBeNull();
    expect(screen.getByText('Hidden while the integration settings are locked.')).toBeInTheDocument();
    expect(within(integration()).getByText(/Forgot the PIN\?/)).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });

  it('a wrong PIN is said in words; the right one unlocks (Enter works), Lock locks again', async () => {
    const { user, api } = await openSettings();
    await user.type(screen.getByLabelText('Manager PIN'), '1111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong PIN. 4 more tries before a 5-minute wait.');
    expect(api.callsOf('saveSettings')).toEqual([]);
    await user.clear(screen.getByLabelText('Manager PIN'));
    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    expect(await screen.findByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service URL')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(await screen.findByLabelText('Token')).toHaveValue('tok-123456');
    expect(api.callsOf('saveSettings')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    expect(api.callsOf('lockSettings')).toEqual([{ unlock: 'unlock-1' }]);
    expect(screen.getByLabelText('Service URL')).toBeDisabled();
    // Locked again, the shown token is gone too.
    expect(screen.queryByLabelText('Token')).toBeNull();
  });

  it('waits after too many wrong tries, in Czech', async () => {
    const { user, api, missingKeys } = await openSettings({ language: 'cs' });
    api.answer('unlockSettings', fail('PIN_LOCKED', { retryInSeconds: 290 }, 'unlockSettings'));
    await user.type(screen.getByLabelText('Manažerský PIN'), '0000');
    await user.click(screen.getByRole('button', { name: 'Odemknout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Příliš mnoho špatných PINů: zkuste to znovu za 5 min.');
    expect(screen.getByLabelText('Adresa služby')).toBeDisabled();
    expectNoMissingKeys(missingKeys);
  });

  it('a damaged PIN file and a try that could not be counted are said as such, in Czech', async () => {
    const { user, api, missingKeys } = await openSettings({ language: 'cs' });
    api.answer('unlockSettings', fail('PIN_LOCKED', { reason: 'damaged' }, 'unlockSettings'));
    await user.type(screen.getByLabelText('Manažerský PIN'), '0000');
    await user.click(screen.getByRole('button', { name: 'Odemknout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Soubor manažerského PINu je poškozený, proto tato nastavení zůstávají zamčená.');
    api.answer('unlockSettings', fail('PIN_UNAVAILABLE', undefined, 'unlockSettings'));
    await user.click(screen.getByRole('button', { name: 'Odemknout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('PIN teď nejde ověřit: jeho soubor nejde zapsat');
    expect(screen.getByLabelText('Adresa služby')).toBeDisabled();
    expectNoMissingKeys(missingKeys);
  });
});

describe('Manager PIN: first use, expiry, leaving', () => {
  it('on first use asks to choose a PIN (twice the same, 6 to 8 digits), then unlocks', async () => {
    const snapshot = snapshotFixture();
    snapshot.settings.managerPinSet = false;
    const { user, api } = await openSettings({ snapshot });
    expect(screen.getByRole('heading', { name: 'Choose a manager PIN' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service URL')).toBeDisabled();
    await user.type(screen.getByLabelText('New PIN (6 to 8 digits)'), '12345');
    await user.type(screen.getByLabelText('Repeat the PIN'), '12345');
    await user.click(screen.getByRole('button', { name: 'Set the PIN and unlock' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A new PIN must be 6 to 8 digits.');
    await user.type(screen.getByLabelText('New PIN (6 to 8 digits)'), '6');
    await user.click(screen.getByRole('button', { name: 'Set the PIN and unlock' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two PINs differ');
    expect(api.callsOf('setManagerPin')).toEqual([]);
    await user.type(screen.getByLabelText('Repeat the PIN'), '6{Enter}');
    expect(api.callsOf('setManagerPin')).toEqual([{ pin: '123456' }]);
    expect(await screen.findByRole('button', { name: 'Lock' })).toBeInTheDocument();
    expect(screen.getByLabelText('Service URL')).toBeEnabled();
  });

  it('sends the unlock with a change; an unlock main no longer knows locks the fields and says why', async () => {
    const { user, api } = await openSettings();
    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    await screen.findByRole('button', { name: 'Lock' });
    api.answer('saveSettings', fail('PIN_REQUIRED', { field: 'transport' }, 'saveSettings'));
    await user.selectOptions(screen.getByLabelText('Connection'), 'longpoll');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.callsOf('saveSettings')).toEqual([expect.objectContaining({ transport: 'longpoll', unlock: 'unlock-1' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('These settings are locked: enter the manager PIN first.');
    expect(screen.getByLabelText('Connection')).toBeDisabled();
  });

  it('locks again when the cashier leaves Settings', async () => {
    const { user, api } = await openSettings();
    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    await screen.findByRole('button', { name: 'Lock' });
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(api.callsOf('lockSettings')).toEqual([{ unlock: 'unlock-1' }]);
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByLabelText('Service URL')).toBeDisabled();
  });

  it('a refused value names its field in Czech', async () => {
    const { user, api } = await openSettings({ language: 'cs' });
    api.answer('saveSettings', fail('INVALID', { field: 'reminderSeconds' }, 'saveSettings'));
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nastavení bylo odmítnuto: zkontrolujte pole Připomínka (sekundy).');
  });
});
