import { describe, expect, it } from 'vitest';
import { trayLook } from '../../main/shell/tray-state.js';

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
});
