import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN, fail } from '../../test/fake-api';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// Settings → Backups: the list from main, a restore behind the manager PIN.
async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'Nastavení' : 'Settings' }));
  return rendered;
}

describe('Settings → Backups', () => {
  it('lists the backups; restore waits for the PIN, asks, and says the app restarts', async () => {
    const { user, api, missingKeys } = await openSettings();
    const section = await screen.findByRole('region', { name: 'Backups' });
    const restore = await within(section).findByRole('button', { name: 'Restore…' });
    expect(within(section).getByText('3.0 MB')).toBeInTheDocument();
    expect(restore).toBeDisabled();
    expect(within(section).getByText('Unlock the settings with the manager PIN to restore a backup.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    await screen.findByRole('button', { name: 'Lock' });
    await user.click(within(section).getByRole('button', { name: 'Restore…' }));
    await user.click(await screen.findByRole('button', { name: 'Restore and restart' }));
    expect(api.callsOf('restoreBackup')).toEqual([{ file: 'tableside-2026-11-21T03-00-00-000Z.sqlite', unlock: 'unlock-1' }]);
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Restoring tableside-2026-11-21T03-00-00-000Z.sqlite: Tableside restarts in a moment.',
    );
    expectNoMissingKeys(missingKeys);
  });

  it('a damaged backup is said in Czech words', async () => {
    const { user, api, missingKeys } = await openSettings({ language: 'cs' });
    api.answer('restoreBackup', fail('BACKUP_DAMAGED', {}, 'restoreBackup'));
    await user.type(screen.getByLabelText('Manažerský PIN'), `${FAKE_PIN}{Enter}`);
    const section = await screen.findByRole('region', { name: 'Zálohy' });
    await user.click(await within(section).findByRole('button', { name: 'Obnovit…' }));
    await user.click(await screen.findByRole('button', { name: 'Obnovit a restartovat' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Tato záloha je poškozená a nebyla obnovena. Vyberte starší.');
    expectNoMissingKeys(missingKeys);
  });
});
