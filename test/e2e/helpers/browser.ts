import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded one; these flags keep it off hosts this network refuses. */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1366, height: 768 };
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

export interface Chromium {
  browser: Browser;
  context: BrowserContext;
  /** Every page error and console error, so a failing test can say what the page saw. */
  pageErrors: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

const PRINT_RECORDER = `(() => {
  let requests = 0;
  window.print = () => {
    requests += 1;
    document.documentElement.dataset.printRequests = String(requests);
  };
})()`;

/** The part of the page's globalThis that printRequested reads (the Node tsconfig has no DOM types). */
interface PrintGlobals {
  document: { documentElement: { dataset: Record<string, string | undefined> } };
}

/**
 * A fresh Chromium with its own user-data dir (removed on close), sized like the cashier's screen.
 * `locale` is the browser's language (navigator.language), en-GB unless a test needs another.
 */
export async function launchChromium(options: { locale?: string } = {}): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'tableside-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: VIEWPORT,
    locale: options.locale ?? 'en-GB',
    timezoneId: 'Europe/Prague',
  });
  // Headless Chromium has no print dialog: a sheet's own window.print() starts a print job that a
  // test's page.pdf() then collides with (refused outright since Chromium 156, a race before). The
  // dialog is the one thing that cannot run here, so the request is recorded instead of printed.
  await context.addInitScript({ content: PRINT_RECORDER });
  const browser = context.browser();
  const pageErrors: string[] = [];
  const watch = (page: Page) => {
    page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(`console: ${m.text()}`);
    });
  };
  context.on('page', watch);
  for (const p of context.pages()) watch(p);
  return {
    // launchPersistentContext has no separate Browser object; the context is what we drive.
    browser: browser as Browser,
    context,
    pageErrors,
    async newPage() {
      const existing = context.pages().find((p) => p.url() === 'about:blank');
      return existing ?? context.newPage();
    },
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Saves a full-viewport screenshot under test-results/screenshots/<name>.png for review. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Waits until the page has asked to print (its autoprint) and returns how many times it asked. */
export async function printRequested(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (globalThis as unknown as PrintGlobals).document.documentElement.dataset.printRequests);
  return Number(await handle.jsonValue());
}
