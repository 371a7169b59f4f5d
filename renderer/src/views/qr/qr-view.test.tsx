import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { expectNoMissingKeys, renderApp } from '../../test/render-app';
import { printSheetUrl } from './print-controls';

async function openQr(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = await renderApp(options);
  await rendered.user.click(screen.getByRole('tab', { name: 'QR codes' }));
  await screen.findByText('QR-t2');
  return rendered;
}

const rowOf = (label: string) => screen.getByRole('cell', { name: label }).closest('tr')!;

describe('QR codes view', () => {
  it('lists every table with its code from the service', async () => {
    const { api, missingKeys } = await openQr();
    expect(api.callsOf('listQrCodes')).toHaveLength(1);
    expect(rowOf('Table 1')).toHaveTextContent('No code yet');
    expect(rowOf('Table 12')).toHaveTextContent('QR-t3');
    expectNoMissingKeys(missingKeys);
  });

  it('creates a code for a table without one', async () => {
    const { user, api } = await openQr();
    await user.click(screen.getByRole('button', { name: 'Create a code for Table 1' }));
    expect(api.callsOf('createQrCodes')).toEqual([{ tableIds: ['t1'] }]);
    expect(await within(rowOf('Table 1')).findByText('QR-t1')).toBeInTheDocument();
  });

  it('creates codes for the selected tables that have none', async () => {
    const { user, api } = await openQr();
    await user.click(screen.getByRole('checkbox', { name: 'Select Table 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Table 2' }));
    await user.click(screen.getByRole('button', { name: 'Create codes for selected (1)' }));
    expect(api.callsOf('createQrCodes')).toEqual([{ tableIds: ['t1'] }]);
  });

  it('previews a code as SVG drawn from its url', async () => {
    const { user } = await openQr();
    await user.click(screen.getByRole('button', { name: 'Preview the code of Table 12' }));
    const img = await screen.findByRole('img', { name: 'QR code for https://pay.example.test/t/t3' });
    expect(img.querySelector('svg')).not.toBeNull();
  });

  it('deletes a code after confirmation, and shows a failure', async () => {
    const { user, api } = await openQr();
    await user.click(screen.getByRole('button', { name: 'Delete the code of Table 2' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this QR code?' })).getByRole('button', { name: 'Delete code' }));
    expect(api.callsOf('deleteQrCode')).toEqual([{ tableId: 't2' }]);
    expect(rowOf('Table 2')).toHaveTextContent('No code yet');

    api.answer('deleteQrCode', fail('SERVICE_ERROR', { table: '12' }, 'deleteQrCode'));
    await user.click(screen.getByRole('button', { name: 'Delete the code of Table 12' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete code' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('The payment service has a problem on its side.');
  });

  it('prints the selected tables through main in Electron, with the chosen mode', async () => {
    const { user, api } = await openQr();
    await user.click(screen.getByRole('checkbox', { name: 'Select Table 2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Table 12' }));
    await user.selectOptions(screen.getByLabelText('Print to'), 'pdf');
    api.answer('printQrSheet', { ok: true, value: { pdfPath: 'C:\\Users\\pos\\qr.pdf' } });
    await user.click(screen.getByRole('button', { name: 'Print sheet (2)' }));
    expect(api.callsOf('printQrSheet')).toEqual([{ tableIds: ['t2', 't3'], mode: 'pdf' }]);
    expect(await screen.findByText('Saved as C:\\Users\\pos\\qr.pdf')).toBeInTheDocument();
  });

  it('opens the print page in a new tab in browser mode (the cookie carries the session)', async () => {
    const { user, api, opened } = await openQr({ bridgeKind: 'browser' });
    expect(screen.queryByLabelText('Print to')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Table 2' }));
    await user.click(screen.getByRole('button', { name: 'Print sheet (1)' }));
    expect(opened).toEqual(['print.html?tables=t2&autoprint=1']);
    expect(api.callsOf('printQrSheet')).toEqual([]);
  });

  it('builds the print URL with every table', () => {
    expect(printSheetUrl(['a', 'b'])).toBe('print.html?tables=a%2Cb&autoprint=1');
  });
});

describe('QR codes view selection', () => {
  it('selects all tables and clears again', async () => {
    const { user } = await openQr();
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByRole('button', { name: 'Print sheet (3)' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getAllByRole('checkbox').some((c) => (c as HTMLInputElement).checked)).toBe(false);
  });
});

describe('QR codes view at many tables', () => {
  it('groups the rows by area in the POS order, "no area" last, and marks the previewed row', async () => {
    const { user } = await openQr();
    const groups = screen.getAllByRole('rowgroup').filter((g) => g.tagName === 'TBODY');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['Terrace', 'Hall', 'Other tables']);
    expect(
      within(groups[0]!)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Select Table 1', 'Select Table 2']);
    await user.click(screen.getByRole('button', { name: 'Preview the code of Table 12' }));
    expect(rowOf('Table 12')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('Table 2')).not.toHaveAttribute('aria-current');
  });
});

describe('Print QR in the bill sheet', () => {
  it("prints the table's card through main, creating its code first when it has none", async () => {
    const { user, api, missingKeys } = await renderApp();
    await user.click(screen.getByRole('button', { name: /^Table 1\b/ }));
    const sheet = screen.getByRole('complementary', { name: 'Bill of Table 1' });
    await user.click(within(sheet).getByRole('button', { name: 'Print the QR card of Table 1' }));
    expect(await within(sheet).findByRole('status')).toHaveTextContent('Sent to the printer.');
    expect(api.callsOf('createQrCodes')).toEqual([{ tableIds: ['t1'] }]);
    expect(api.callsOf('printQrSheet')).toEqual([{ tableIds: ['t1'], mode: 'dialog' }]);
    expectNoMissingKeys(missingKeys);
  });

  it('in Czech, and a table that has a code is printed without making another', async () => {
    const { user, api, missingKeys } = await renderApp({ language: 'cs' });
    await user.click(screen.getByRole('button', { name: /^Stůl 2\b/ }));
    await user.click(screen.getByRole('button', { name: 'Vytisknout QR kartu: Stůl 2' }));
    await waitFor(() => expect(api.callsOf('printQrSheet')).toEqual([{ tableIds: ['t2'], mode: 'dialog' }]));
    expect(api.callsOf('createQrCodes')).toEqual([]);
    expectNoMissingKeys(missingKeys);
  });
});
