import type { Locator, Page } from 'playwright-core';

/** Role and label selectors for the cashier's app, in English (the default language). */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the app and waits until the store is loaded and the session is connected. */
export async function openApp(page: Page, ui: string): Promise<void> {
  await page.goto(ui);
  await page.getByRole('tab', { name: 'Tables' }).waitFor({ timeout: 30_000 });
  await statusBar(page).filter({ hasText: 'Connected' }).waitFor({ timeout: 30_000 });
}

export const statusBar = (page: Page): Locator => page.locator('footer.status-bar');

export const tab = (page: Page, name: string): Locator => page.getByRole('tab', { name, exact: true });

/** A table card in the Tables grid; its accessible name starts with the table's label. */
export const tableCard = (page: Page, label: string): Locator => page.getByRole('button', { name: new RegExp(`^${escape(label)}\\s`) });

export const billPanel = (page: Page, label: string): Locator => page.getByRole('complementary', { name: `Bill of ${label}` });

/** The dd after a totals term ("Due", "Paid", ...) in an open bill. */
export const billTotal = (panel: Locator, term: string): Locator =>
  panel.locator('dl.totals dt', { hasText: new RegExp(`^${escape(term)}$`) }).locator('xpath=following-sibling::dd[1]');

export const noticesRegion = (page: Page): Locator => page.getByRole('region', { name: 'Notifications' });

export const notice = (page: Page, text: string | RegExp): Locator => noticesRegion(page).getByRole('listitem').filter({ hasText: text });

export const paymentRow = (page: Page, paymentId: string): Locator => page.locator(`tr[data-payment-id="${paymentId}"]`);
