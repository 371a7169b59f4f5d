import { describe, expect, it } from 'vitest';
import { restoreOffer, trayLook } from '../../main/shell/tray-state.js';

describe('the tray says what the cashier must fix', () => {
  it('a missing key: the warning icon and "enter it again in Settings", in both languages', () => {
    const session = { status: 'stopped' as const, restaurantName: null, problem: 'KEY_MISSING' as const };
    expect(trayLook(session, 'en')).toMatchObject({ icon: 'rejected', statusLine: 'API key missing: enter it again in Settings' });
    expect(trayLook(session, 'cs')).toMatchObject({ icon: 'rejected', statusLine: 'Chybí API klíč: zadejte ho znovu v Nastavení' });
  });

  it('damaged settings: the warning icon and "a manager must save them", in both languages', () => {
    const session = { status: 'stopped' as const, restaurantName: null, problem: 'SETTINGS_DAMAGED' as const };
    expect(trayLook(session, 'en')).toMatchObject({ icon: 'rejected', statusLine: 'Settings damaged: a manager must save them in Settings' });
    expect(trayLook(session, 'cs')).toMatchObject({ icon: 'rejected', statusLine: 'Nastavení je poškozené: vedoucí ho musí uložit v Nastavení' });
  });

  it('a taken port at start: names the port and where to change it', () => {
    const look = trayLook(null, 'en', { code: 'PORT_IN_USE', port: 4100, role: 'posApi' });
    expect(look.icon).toBe('rejected');
    expect(look.tooltip).toBe('Tableside: Port 4100 is in use (another Tableside?): change it in Settings → Local POS API port');
  });

  it('without a problem the session status decides, as before', () => {
    expect(trayLook({ status: 'connected', restaurantName: 'Bistro' }, 'en')).toMatchObject({ icon: 'connected', statusLine: 'Connected (Bistro)' });
  });

  it('a missing database with a backup: the tray offers to restore that backup, asking first, in both languages', () => {
    const missing = { code: 'DATABASE_MISSING' as const, path: '/data/tableside.sqlite', backup: 'tableside-2026-11-28T03-00-00-000Z.sqlite' };
    expect(restoreOffer(missing, 'en')).toMatchObject({
      label: 'Restore backup tableside-2026-11-28T03-00-00-000Z.sqlite and start again…',
      buttons: ['Restore and start', 'Cancel'],
      backup: missing.backup,
    });
    expect(restoreOffer(missing, 'cs')?.question).toContain('nejnovější ověřenou zálohu tableside-2026-11-28T03-00-00-000Z.sqlite');
    // Nothing to restore, or another problem: no offer.
    expect(restoreOffer({ code: 'DATABASE_MISSING', path: '/data/tableside.sqlite' }, 'en')).toBeNull();
    expect(restoreOffer({ code: 'PORT_IN_USE', port: 4100, role: 'posApi' }, 'en')).toBeNull();
  });
});
