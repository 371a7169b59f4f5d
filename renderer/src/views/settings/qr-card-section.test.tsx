import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_PIN, fail } from '../../test/fake-api';
import { settingsFixture, snapshotFixture } from '../../test/fixture';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

// Settings → the QR card's logo (behind the manager PIN) and its second language.
async function openSettings(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'Nastavení' : 'Settings' }));
  return rendered;
}

const PNG_BYTES = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

describe('Settings → QR card logo', () => {
  it('is locked behind the PIN; unlocked, a chosen file goes to main as base64 with the unlock and the logo shows', async () => {
    const { user, api, pushEvents, missingKeys } = await openSettings();
    const section = await screen.findByRole('region', { name: 'Logo on the QR cards' });
    expect(within(section).getByText('No logo: the cards show the restaurant name only.')).toBeInTheDocument();
    const input = within(section).getByLabelText('Choose logo…');
    expect(input).toBeDisabled();
    expect(within(section).getByText('The logo is behind the manager PIN: unlock the integration settings first.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Manager PIN'), `${FAKE_PIN}{Enter}`);
    await screen.findByRole('button', { name: 'Lock' });
    expect(input).toBeEnabled();
    // The name says JPEG: main reads the bytes, the renderer sends them as they are.
    await user.upload(input, new File([PNG_BYTES], 'logo.jpg', { type: 'image/jpeg' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('Logo saved: the next cards print with it.');
    expect(api.callsOf('setQrLogo')).toEqual([{ data: base64(PNG_BYTES), unlock: 'unlock-1' }]);

    // Main announces the new logo; the section reads the image itself with getQrLogo.
    api.snapshot.settings.qrLogo = { type: 'png', width: 200, height: 80, bytes: 11 };
    pushEvents({ type: 'settings', seq: 11, settings: settingsFixture({ qrLogo: api.snapshot.settings.qrLogo }) });
    expect(await within(section).findByRole('img', { name: 'The logo now (PNG, 200 × 80 px)' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.click(within(section).getByRole('button', { name: 'Remove logo' }));
    expect(api.callsOf('removeQrLogo')).toEqual([{ unlock: 'unlock-1' }]);
    expect(await within(section).findByRole('status')).toHaveTextContent('Logo removed.');
    expectNoMissingKeys(missingKeys);
  });

  it("words main's refusal in Czech, and stops a file over 512 KB before it is sent", async () => {
    const snapshot = snapshotFixture();
    snapshot.settings = settingsFixture({ managerPinSet: false, language: 'cs' });
    const { user, api, missingKeys } = await openSettings({ snapshot, language: 'cs' });
    const section = await screen.findByRole('region', { name: 'Logo na QR kartách' });
    const input = within(section).getByLabelText('Vybrat logo…');
    api.answer('setQrLogo', fail('LOGO_REFUSED', { field: 'qrLogo', reason: 'svg', maxKb: 512, maxPixels: 2000 }, 'setQrLogo'));
    await user.upload(input, new File(['<svg/>'], 'logo.png', { type: 'image/png' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Obrázek SVG nemůže být logem (může obsahovat skripty)');
    expect(api.callsOf('setQrLogo')).toHaveLength(1);

    await user.upload(input, new File([new Uint8Array(512 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Obrázek je větší než 512 kB');
    expect(api.callsOf('setQrLogo')).toHaveLength(1);
    expectNoMissingKeys(missingKeys);
  });
});

describe('Settings → second language on the QR cards', () => {
  it("offers only the other language, and saves it with the form's Save", async () => {
    const { user, api, missingKeys } = await openSettings({ language: 'cs' });
    const select = screen.getByLabelText('Druhý jazyk na QR kartách');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Žádný', 'angličtina']);
    await user.selectOptions(select, 'en');
    await user.click(screen.getByRole('button', { name: 'Uložit' }));
    expect(api.callsOf('saveSettings').at(-1)).toMatchObject({ qrSecondLanguage: 'en' });
    expectNoMissingKeys(missingKeys);
  });
});
