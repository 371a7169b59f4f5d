import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffPhonesView } from '../../../../preload/contract';
import { snapshotFixture } from '../../test/fixture';
import { FAKE_PIN } from '../../test/fake-api';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// Settings → Staff phones: the switch and pairing behind the manager PIN, the QR code, the list and revoke.
const ON: StaffPhonesView = {
  enabled: true,
  address: 'http://192.168.1.20:4180',
  problem: null,
  devices: [
    { id: 'd1', name: "Petra's phone", role: 'waiter', pairedAt: '2026-11-21T10:00:00.000Z', lastSeenAt: '2026-11-21T17:00:00.000Z', connected: true },
    { id: 'd2', name: 'Spare', role: 'manager', pairedAt: '2026-11-21T10:00:00.000Z', lastSeenAt: null, connected: false },
  ],
};

async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'Nastavení' : 'Settings' }));
  return rendered;
}

describe('Settings → Staff phones', () => {
  it('is off and locked until the manager PIN; turning it on sends the unlock, and main’s view shows the address', async () => {
    const { user, api, pushEvents, missingKeys } = await openSettings();
    const section = await screen.findByRole('region', { name: 'Staff phones' });
    const toggle = within(section).getByRole('checkbox', { name: 'Staff phones on' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(within(section).getByText('Unlock the settings with the manager PIN to change staff phones.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    await screen.findByRole('button', { name: 'Lock' });
    await user.click(within(section).getByRole('checkbox', { name: 'Staff phones on' }));
    expect(api.callsOf('setStaffPhones')).toEqual([{ on: true, unlock: 'unlock-1' }]);
    // Main announces the new state as an event; the section follows it.
    pushEvents({ type: 'staff', seq: 1000, staff: { enabled: true, address: 'http://192.168.1.20:4180', problem: null, devices: [] } });
    expect(await within(section).findByText('Phones reach this till at http://192.168.1.20:4180')).toBeInTheDocument();
    expect(within(section).getByText('No phones paired yet.')).toBeInTheDocument();
    expectNoMissingKeys(missingKeys);
  });

  it('pairs a phone: the QR code of the pairing URL, the countdown, and closing cancels the code', async () => {
    const snapshot = snapshotFixture();
    snapshot.staff = ON;
    snapshot.settings.managerPinSet = false;
    const { user, api, missingKeys } = await openSettings({ snapshot });
    const section = await screen.findByRole('region', { name: 'Staff phones' });
    const pairButton = within(section).getByRole('button', { name: 'Pair a phone' });
    expect(pairButton).toBeDisabled();
    await user.type(within(section).getByLabelText('Phone name'), 'Jan');
    await user.selectOptions(within(section).getByLabelText('Role'), 'manager');
    await user.click(pairButton);
    expect(api.callsOf('pairStaffPhone')).toEqual([{ name: 'Jan', role: 'manager' }]);
    const dialog = await screen.findByRole('dialog', { name: 'Pair Jan' });
    const qr = await within(dialog).findByRole('img', { name: 'Pairing code for Jan' });
    expect(qr.getAttribute('data-qr-url')).toBe('http://192.168.1.20:4180/#pair=CODE-1');
    expect(qr.querySelector('svg')).not.toBeNull();
    expect(within(dialog).getByRole('timer')).toHaveTextContent(/The code expires in 1[12]\d s\./);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(api.callsOf('cancelStaffPairing')).toEqual([{ code: 'CODE-1' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expectNoMissingKeys(missingKeys);
  });

  it('lists the phones in Czech and revokes one only after the confirmation', async () => {
    const snapshot = snapshotFixture();
    snapshot.staff = ON;
    snapshot.settings.managerPinSet = false;
    const { user, api, missingKeys } = await openSettings({ snapshot, language: 'cs' });
    const section = await screen.findByRole('region', { name: 'Telefony obsluhy' });
    const list = within(section).getByRole('list', { name: 'Spárované telefony' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent("Petra's phone");
    expect(items[0]).toHaveTextContent('Číšník');
    expect(items[0]).toHaveTextContent('připojený');
    expect(items[1]).toHaveTextContent('Vedoucí');
    expect(items[1]).toHaveTextContent('ještě se nepřipojil');
    await user.click(within(items[0]!).getByRole('button', { name: 'Odebrat…' }));
    const dialog = await screen.findByRole('dialog', { name: "Odebrat Petra's phone?" });
    expect(api.callsOf('revokeStaffPhone')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Odebrat' }));
    expect(api.callsOf('revokeStaffPhone')).toEqual([{ deviceId: 'd1' }]);
    expectNoMissingKeys(missingKeys);
  });
});
