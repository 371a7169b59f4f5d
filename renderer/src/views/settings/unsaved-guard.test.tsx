import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

const reminder = () => screen.getByLabelText(/Remind of unacknowledged problems/);

async function changedSettings() {
  const snapshot = snapshotFixture();
  snapshot.notices = snapshot.notices.map((n) => ({ ...n, tableId: 't3' }));
  const app = await renderApp({ snapshot });
  await app.user.click(screen.getByRole('tab', { name: 'Settings' }));
  await app.user.clear(reminder());
  await app.user.type(reminder(), '15');
  await app.user.click(screen.getByRole('tab', { name: 'Payments' }));
  return { ...app, dialog: screen.getByRole('dialog', { name: 'Save the changed settings?' }) };
}

describe('Unsaved settings', () => {
  it('a clean form lets the cashier leave at once', async () => {
    const { user, store } = await renderApp();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().tab).toBe('payments');
  });

  it('asks before leaving with changes; Stay has the focus and keeps them', async () => {
    const { dialog, user, store, missingKeys } = await changedSettings();
    expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.getState().tab).toBe('settings');
    expect(reminder()).toHaveValue('15');
    expectNoMissingKeys(missingKeys);
  });

  it('Discard leaves and drops the changes; a notice click is held back the same way', async () => {
    const { dialog, user, store } = await changedSettings();
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(store.getState().tab).toBe('payments');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(reminder()).toHaveValue('60');

    await user.clear(reminder());
    await user.type(reminder(), '20');
    await user.click(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('button', { name: /^Open Table 12/ }));
    expect(screen.getByRole('dialog', { name: 'Save the changed settings?' })).toBeInTheDocument();
    expect(store.getState().tab).toBe('settings');
  });

  it('Save and leave saves, then leaves; a refused save stays and shows why', async () => {
    const { dialog, user, store, api } = await changedSettings();
    // main names the field (params.field); the alert words it with the field's label, never the key.
    api.answer('saveSettings', fail('INVALID', { field: 'reminderSeconds' }, 'saveSettings'));
    await user.click(within(dialog).getByRole('button', { name: 'Save and leave' }));
    expect(store.getState().tab).toBe('settings');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The settings were refused: check Reminder (seconds).');
    expect(alert).not.toHaveTextContent('reminderSeconds');

    api.answer('saveSettings', (input) => ({ ok: true, value: { ...api.snapshot.settings, ...input } }));
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save and leave' }));
    expect(api.callsOf('saveSettings').at(-1)).toMatchObject({ reminderSeconds: 15 });
    expect(store.getState().tab).toBe('payments');
  });
});
