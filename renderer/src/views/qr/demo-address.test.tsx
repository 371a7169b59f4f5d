import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QrCodeView } from '../../../../preload/contract';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { snapshotFixture } from '../../test/fixture';

const code = (url: string): QrCodeView[] => [{ tableId: 't2', tableName: '2', code: 'QR-t2', url }];

async function openQrWith(codes: QrCodeView[], options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  rendered.api.answer('listQrCodes', { ok: true, value: codes });
  await rendered.user.click(screen.getByRole('tab', { name: options.language === 'cs' ? 'QR kódy' : 'QR codes' }));
  await screen.findByText('QR-t2');
  return rendered;
}

// In demo mode the QR view says which address a phone opens after scanning.
describe('the demo phone address on the QR view', () => {
  it('demo mode on a network: names the LAN address phones open', async () => {
    const { missingKeys } = await openQrWith(code('http://192.168.1.23:41234/t/QR-t2'));
    expect(screen.getByRole('note')).toHaveTextContent('Demo: phones on the same network open these codes at http://192.168.1.23:41234.');
    expectNoMissingKeys(missingKeys);
  });

  it('demo mode without a network: says the codes open only on this computer', async () => {
    await openQrWith(code('http://127.0.0.1:41234/t/QR-t2'));
    expect(screen.getByRole('note')).toHaveTextContent('only on this computer (http://127.0.0.1:41234)');
  });

  it('in Czech', async () => {
    const { missingKeys } = await openQrWith(code('http://10.0.0.7:5000/t/QR-t2'), { language: 'cs' });
    expect(screen.getByRole('note')).toHaveTextContent('Ukázka: telefony ve stejné síti otevřou tyto kódy na adrese http://10.0.0.7:5000.');
    expectNoMissingKeys(missingKeys);
  });

  it('a real service (not demo): no address line', async () => {
    const snapshot = snapshotFixture();
    snapshot.demo = false;
    await openQrWith(code('https://pay.example.test/t/QR-t2'), { snapshot });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
