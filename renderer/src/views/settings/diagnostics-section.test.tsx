import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';

async function openSection(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'Nastavení' : 'Settings' }));
  const section = await screen.findByRole('region', { name: options.language === 'cs' ? 'Protokoly a diagnostika' : 'Logs and diagnostics' });
  return { ...rendered, section: within(section) };
}

describe('Settings → Logs and diagnostics', () => {
  it('shows where the logs are; the desktop app opens the folder and exports the zip through main', async () => {
    const { section, user, api, missingKeys } = await openSection();
    expect(section.getByLabelText('Logs folder')).toHaveValue('C:\\Users\\till\\AppData\\Roaming\\Tableside\\logs');
    await user.click(section.getByRole('button', { name: 'Open logs folder' }));
    expect(api.callsOf('openLogs')).toHaveLength(1);
    api.answer('exportDiagnostics', { ok: true, value: { file: 'C:\\Users\\till\\Documents\\support.zip' } });
    await user.click(section.getByRole('button', { name: 'Export diagnostics' }));
    expect(await section.findByRole('status')).toHaveTextContent('Diagnostics saved to C:\\Users\\till\\Documents\\support.zip.');
    expectNoMissingKeys(missingKeys);
  });

  it('says nothing when the save dialog was cancelled, and words a failure with what to do', async () => {
    const { section, user, api } = await openSection();
    api.answer('exportDiagnostics', { ok: true, value: { file: null } });
    await user.click(section.getByRole('button', { name: 'Export diagnostics' }));
    expect(api.callsOf('exportDiagnostics')).toHaveLength(1);
    expect(section.queryByRole('status')).toBeNull();
    api.answer('exportDiagnostics', fail('DIAGNOSTICS_NOT_WRITTEN'));
    await user.click(section.getByRole('button', { name: 'Export diagnostics' }));
    expect(await section.findByRole('alert')).toHaveTextContent('Choose another folder, such as Documents.');
  });

  it('in a browser, offers both as downloads from the local server, in Czech too', async () => {
    const { section, api, missingKeys } = await openSection({ bridgeKind: 'browser', language: 'cs' });
    expect(section.getByRole('link', { name: 'Stáhnout poslední protokol' })).toHaveAttribute('href', '/diagnostics/latest.log');
    expect(section.getByRole('link', { name: 'Exportovat diagnostiku' })).toHaveAttribute('href', '/diagnostics/support.zip');
    expect(section.queryByRole('button', { name: 'Otevřít složku protokolů' })).toBeNull();
    expect(api.callsOf('openLogs')).toEqual([]);
    expectNoMissingKeys(missingKeys);
  });
});
