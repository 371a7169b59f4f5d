import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN, fail } from '../../test/fake-api';
import { settingsFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: 'Settings' }));
  await screen.findByRole('option', { name: 'Kitchen' });
  return rendered;
}

/** The integration fields open with the manager PIN. */
async function openUnlocked(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await openSettings(options);
  await rendered.user.type(screen.getByLabelText('Manager PIN'), FAKE_PIN);
  await rendered.user.click(screen.getByRole('button', { name: 'Unlock' }));
  await screen.findByRole('button', { name: 'Lock' });
  return rendered;
}

describe('Settings view', () => {
  it('shows every field, the key only masked', async () => {
    const { missingKeys } = await openUnlocked();
    expect(screen.getByLabelText('Environment')).toHaveValue('demo');
    expect(screen.getByLabelText('Service URL')).toHaveValue('https://sandbox.example.test');
    expect(screen.getByText('Stored API key: ••••-••••-••••-••••-ab12')).toBeInTheDocument();
    expect(screen.getByLabelText(/New API key/)).toHaveValue('');
    expect(screen.getByLabelText('Pos-Id')).toHaveValue('pos-1');
    expect(screen.getByLabelText('Connection')).toHaveValue('ws');
    expect(screen.getByLabelText('Printer for QR sheets')).toHaveValue('');
    expect(screen.getByLabelText('Sound on new notifications')).toBeChecked();
    expect(screen.getByLabelText('Start at login')).not.toBeChecked();
    expect(screen.getByLabelText('Start hidden in the tray')).not.toBeChecked();
    expect(screen.getByLabelText('Local POS API port')).toHaveValue('7311');
    // The snapshot has only the token's hint; the token itself comes on request.
    expect(screen.getByText('Token ending in …3456')).toBeInTheDocument();
    expect(screen.queryByLabelText('Token')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('checks a new API key with the service before saving, and shows its message', async () => {
    const { user, api } = await openUnlocked();
    api.answer('checkApiKey', fail('UNAUTHORIZED', undefined, 'checkApiKey'));
    await user.type(screen.getByLabelText(/New API key/), 'bad-key');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.callsOf('checkApiKey')).toEqual([{ serviceUrl: 'https://sandbox.example.test', apiKey: 'bad-key', posId: 'pos-1' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment service rejected the API key or Pos-Id: check them in Settings.');
    expect(api.callsOf('saveSettings')).toEqual([]);
  });

  it('saves every field once the key is good', async () => {
    const { user, api } = await openUnlocked();
    await user.type(screen.getByLabelText(/New API key/), 'good-key');
    await user.selectOptions(screen.getByLabelText('Connection'), 'webhook');
    await user.clear(screen.getByLabelText('Webhook port'));
    await user.type(screen.getByLabelText('Webhook port'), '9000');
    await user.type(screen.getByLabelText('Webhook public URL'), 'https://pos.example.test/hook');
    await user.selectOptions(screen.getByLabelText('Printer for QR sheets'), 'Bar');
    await user.click(screen.getByLabelText('Start at login'));
    expect(screen.getByLabelText('Close a bill by itself once everything on it is paid')).toBeChecked();
    await user.click(screen.getByLabelText('Close a bill by itself once everything on it is paid'));
    await user.clear(screen.getByLabelText(/Remind of unacknowledged problems/));
    await user.type(screen.getByLabelText(/Remind of unacknowledged problems/), '45');
    await user.selectOptions(screen.getByLabelText('Table cards'), 'comfortable');
    await user.selectOptions(screen.getByLabelText('Second language on the QR cards'), 'cs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.callsOf('saveSettings')).toEqual([
      {
        environment: 'demo',
        serviceUrl: 'https://sandbox.example.test',
        posId: 'pos-1',
        transport: 'webhook',
        webhookPort: 9000,
        webhookPublicUrl: 'https://pos.example.test/hook',
        printer: 'Bar',
        sound: true,
        startAtLogin: true,
        startHidden: false,
        posApiPort: 7311,
        dayEndsAt: '04:00',
        autoCloseBills: false,
        reminderSeconds: 45,
        receiptMode: 'QERKO_GENERATED',
        updateChannel: 'stable',
        tableDensity: 'comfortable',
        qrSecondLanguage: 'cs',
        apiKey: 'good-key',
        unlock: 'unlock-1',
      },
    ]);
    expect(screen.getByLabelText(/New API key/)).toHaveValue('');
  });
});

describe('Settings view: checks before sending', () => {
  it('names the bad field and sends nothing', async () => {
    const { user, api } = await openUnlocked();
    await user.clear(screen.getByLabelText('Local POS API port'));
    await user.type(screen.getByLabelText('Local POS API port'), '70000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Local POS API port: enter a port number from 1 to 65535');
    await user.selectOptions(screen.getByLabelText('Environment'), 'sandbox');
    await user.clear(screen.getByLabelText('Service URL'));
    await user.type(screen.getByLabelText('Service URL'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Service URL: enter a full address');
    expect(api.calls.filter((c) => c.cmd === 'saveSettings' || c.cmd === 'checkApiKey')).toEqual([]);
  });

  it('saves in demo mode without a service URL (main picks the embedded sandbox)', async () => {
    const { user, api } = await openUnlocked();
    await user.clear(screen.getByLabelText('Service URL'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(api.callsOf('saveSettings')).toEqual([expect.objectContaining({ environment: 'demo', serviceUrl: '' })]);
  });
});

describe('Settings view: Pos-Id, language, token, printing', () => {
  it('generates a lower-case Pos-Id outside production', async () => {
    const { user } = await openUnlocked();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByLabelText('Pos-Id')).toHaveValue('f47ac10b-58cc-4372-a567-0e02b2c3d479');
    await user.selectOptions(screen.getByLabelText('Environment'), 'production');
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('switches the language at once and saves it', async () => {
    const { user, api, i18n } = await openSettings();
    await user.selectOptions(screen.getByLabelText('Language'), 'cs');
    expect(await screen.findByRole('tab', { name: 'Nastavení' })).toBeInTheDocument();
    expect(i18n.language).toBe('cs');
    expect(api.callsOf('saveSettings')).toEqual([{ language: 'cs' }]);
  });

  it('test-prints, shows, copies and regenerates the POS API token', async () => {
    const { user, api, copied, pushEvents } = await openUnlocked();
    await user.click(screen.getByRole('button', { name: 'Test print' }));
    expect(await screen.findByText('Test page sent to the printer.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(api.callsOf('revealPosApiToken')).toEqual([{ unlock: 'unlock-1' }]);
    expect(await screen.findByLabelText('Token')).toHaveValue('tok-123456');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copied).toEqual(['tok-123456']);
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Regenerate token' }));
    expect(api.callsOf('regeneratePosApiToken')).toEqual([{ unlock: 'unlock-1' }]);
    // The new token is shown at once, once main's event says the token changed.
    pushEvents({ type: 'settings', seq: 11, settings: settingsFixture({ posApiTokenHint: '-new' }) });
    expect(await screen.findByLabelText('Token')).toHaveValue('tok-new');
    expect(api.callsOf('revealPosApiToken')).toEqual([{ unlock: 'unlock-1' }, { unlock: 'unlock-1' }]);
  });

  it('a token main refuses to show stays hidden, and the refusal is said', async () => {
    const { user, api } = await openUnlocked();
    api.answer('revealPosApiToken', fail('PIN_REQUIRED', { field: 'posApiToken' }, 'revealPosApiToken'));
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These settings are locked: enter the manager PIN first.');
    expect(screen.queryByLabelText('Token')).toBeNull();
  });

  it('shows a failing test print', async () => {
    const { user, api } = await openSettings();
    api.answer('testPrint', fail('PRINT_FAILED', undefined, 'testPrint'));
    await user.click(screen.getByRole('button', { name: 'Test print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The printer refused the sheet. Check the printer and try again.');
  });
});
