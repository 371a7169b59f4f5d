import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, tab } from './helpers/app-page.js';
import { SCREENSHOT_DIR, launchChromium, printRequested, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { waitForSheetReady } from './helpers/page-probes.js';
import { pdfQrCodes, pdfText } from './helpers/pdf-qr.js';
import { PosClient } from './helpers/service-clients.js';

interface SandboxState {
  restaurants: { qrCodes: { idTable: string; code: string; url: string }[] }[];
}

const NEW_TABLES = [
  { id: 'garden-1', name: 'Garden 1' },
  { id: 'garden-2', name: 'Garden 2' },
  { id: 'garden-3', name: 'Garden 3' },
];

// QR codes in demo mode: new tables come from the till (local POS API), their codes from the
// embedded sandbox; the print sheet is rendered to PDF by Chromium and read back with poppler + jsQR.
describe('QR codes and the print sheet', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;

  /** The service's own record of the codes (the sandbox's state), by table id. */
  const serviceUrls = async (): Promise<Map<string, string>> => {
    const res = await fetch(`${host.ready.sandbox}/sandbox/state`);
    const state = (await res.json()) as SandboxState;
    return new Map(state.restaurants.flatMap((r) => r.qrCodes.map((q) => [q.idTable, q.url] as const)));
  };
  const qrRow = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

  const socketUrls: string[] = [];

  beforeAll(async () => {
    host = await startHost();
    const pos = new PosClient(host.ready.posApi, host.ready.posApiToken);
    for (const t of NEW_TABLES) await pos.putTable(t.id, t.name, 'Garden');
    chromium = await launchChromium();
    page = await chromium.newPage();
    page.on('websocket', (ws) => socketUrls.push(ws.url()));
    await openApp(page, host.ui);
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('creates a code for a new table and previews it', async () => {
    await tab(page, 'QR codes').click();
    const row = qrRow('Garden 1');
    await row.filter({ hasText: 'No code yet' }).waitFor();
    expect((await serviceUrls()).has('garden-1')).toBe(false);

    await page.getByRole('button', { name: 'Create a code for Garden 1' }).click();
    await row.getByRole('button', { name: 'Preview the code of Garden 1' }).waitFor();
    const url = (await serviceUrls()).get('garden-1');
    // The demo sandbox's own address (this computer's; the LAN's with IT's demoOnLan).
    expect(url?.startsWith(`${new URL(host.ready.sandbox ?? '').origin}/t/`)).toBe(true);
    expect(url).toMatch(/^http:\/\/[\d.]+:\d+\/t\/\w+$/);

    await row.getByRole('button', { name: 'Preview the code of Garden 1' }).click();
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await preview.getByRole('img', { name: `QR code for ${url}` }).waitFor();
    expect(await preview.locator('p.url').textContent()).toBe(url);
    await screenshot(page, 'qr-codes');
  });

  it('prints a sheet for three tables whose PDF holds their names and three codes that decode to the service urls', async () => {
    for (const t of NEW_TABLES.slice(1)) await page.getByRole('checkbox', { name: `Select ${t.name}` }).check();
    await page.getByRole('button', { name: 'Create codes for selected (2)' }).click();
    await qrRow('Garden 3').getByRole('button', { name: 'Preview the code of Garden 3' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Garden 1' }).check();

    // The app opens print.html?tables=...&autoprint=1 in a new tab, as in a real browser; the cookie lets it in.
    const [sheet] = await Promise.all([chromium.context.waitForEvent('page'), page.getByRole('button', { name: 'Print sheet (3)' }).click()]);
    await sheet.waitForLoadState('domcontentloaded');
    const opened = new URL(sheet.url());
    expect(opened.pathname).toBe('/print.html');
    expect(opened.searchParams.get('tables')).toBe(NEW_TABLES.map((t) => t.id).join(','));
    expect(opened.searchParams.has('token')).toBe(false);
    expect(sheet.url()).not.toContain(host.uiToken);
    expect(await waitForSheetReady(sheet)).toEqual({ ready: 'true', error: null });
    expect(await sheet.locator('article.card').count()).toBe(3);
    // The sheet asks the browser to print once, on its own, before the test makes its PDF.
    expect(await printRequested(sheet)).toBe(1);
    await screenshot(sheet, 'print-sheet');

    const pdf = await sheet.pdf({ format: 'A4', printBackground: true });
    writeFileSync(join(SCREENSHOT_DIR, 'print-sheet.pdf'), pdf);
    const text = pdfText(pdf);
    for (const t of NEW_TABLES) expect(text).toContain(t.name);
    expect(text).toContain('Scan to pay');
    expect(text).toContain('Bistro Demo');

    const urls = await serviceUrls();
    const expected = NEW_TABLES.map((t) => urls.get(t.id));
    expect(expected.every((u) => typeof u === 'string')).toBe(true);
    const decoded = pdfQrCodes(pdf);
    expect([...decoded].sort()).toEqual([...expected].sort());
    await sheet.close();
  });

  it('the token was exchanged once: gone from the address bar and the bridge socket, refused when replayed', async () => {
    expect(page.url()).toBe(host.home);
    expect(socketUrls.length).toBeGreaterThan(0);
    for (const url of socketUrls) expect(url).toBe(`${host.home.replace('http', 'ws')}bridge`);
    const replay = await fetch(host.ui, { redirect: 'manual' });
    expect(replay.status).toBe(403);
    expect(await replay.text()).toContain('already used');
  });

  it('the print sheet without the token is refused', async () => {
    const res = await fetch(new URL(`/print.html?tables=garden-1`, host.ui));
    expect(res.status).toBe(403);
  });
});
