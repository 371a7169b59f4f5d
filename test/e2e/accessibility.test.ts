import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { billPanel, notice, openApp, paymentRow, tab, tableCard } from './helpers/app-page.js';
import { launchChromium, screenshot, type Chromium } from './helpers/browser.js';
import { startHost, type Host } from './helpers/host.js';
import { SandboxControl } from './helpers/service-clients.js';

// Focus indicators at least 3:1 against every card colour (WCAG 2.2 2.4.13,
// 1.4.11), state words at least 14 px, every action of the Tables view and the bill reachable by
// keyboard. Demo mode with auto-close off, so a fully paid table stays "Paid".

type Rgb = [number, number, number];

/** "rgb(1, 2, 3)" / "rgba(1, 2, 3, 0.5)" → channels and alpha. */
function parseColour(css: string): { rgb: Rgb; alpha: number } {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(css);
  if (!m) throw new Error(`not an rgb colour: ${css}`);
  return { rgb: [Number(m[1]), Number(m[2]), Number(m[3])], alpha: m[4] === undefined ? 1 : Number(m[4]) };
}

/** WCAG 2.2 relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

interface Ring {
  focusVisible: boolean;
  outlineStyle: string;
  outlineWidth: number;
  outlineOffset: number;
  outlineColour: string;
  cardColour: string;
  /** The first opaque background behind the card (what the ring sits on outside it). */
  behindColour: string;
  /** The ring's outer box and the box of the nearest ancestor that clips painting (none: null). */
  ringBox: { left: number; top: number; right: number; bottom: number };
  clipBox: { left: number; top: number; right: number; bottom: number } | null;
}

/** The focused element's ring as Chromium computed it. */
function focusedRing(page: Page): Promise<Ring> {
  return page.locator('body').evaluate((body) => {
    const el = body.ownerDocument.activeElement ?? body;
    const view = el.ownerDocument.defaultView!;
    const style = view.getComputedStyle(el);
    const opaque = (node: typeof el.parentElement): string => {
      for (let n = node; n; n = n.parentElement) {
        const bg = view.getComputedStyle(n).backgroundColor;
        if (bg !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(bg)) return bg;
      }
      return 'rgb(255, 255, 255)';
    };
    const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    const r = el.getBoundingClientRect();
    let clip: typeof el.parentElement = null;
    for (let n = el.parentElement; n && !clip; n = n.parentElement) {
      const s = view.getComputedStyle(n);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible' || s.contentVisibility === 'auto' || /paint|strict|content/.test(s.contain)) clip = n;
    }
    const c = clip?.getBoundingClientRect();
    return {
      focusVisible: el.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineOffset: parseFloat(style.outlineOffset),
      outlineColour: style.outlineColor,
      cardColour: style.backgroundColor,
      behindColour: opaque(el.parentElement),
      ringBox: { left: r.left - reach, top: r.top - reach, right: r.right + reach, bottom: r.bottom + reach },
      clipBox: c ? { left: c.left, top: c.top, right: c.right, bottom: c.bottom } : null,
    };
  });
}

const activeTableId = (page: Page) => page.locator('body').evaluate((body) => body.ownerDocument.activeElement?.getAttribute('data-table-id') ?? null);

/** Keyboard only: Home, then Right arrow until the card of `tableId` has the focus (bounded by the card count). */
async function arrowTo(page: Page, tableId: string): Promise<void> {
  await page.keyboard.press('Home');
  const cards = await page.locator('[data-table-id]').count();
  for (let i = 0; i <= cards && (await activeTableId(page)) !== tableId; i++) await page.keyboard.press('ArrowRight');
  expect(await activeTableId(page)).toBe(tableId);
}

let tabRun = 0;

/**
 * Marks every enabled, visible control inside `scope` and tabs forward until each had the focus;
 * `onFocus` sees the ring of each control of the scope as it gets the focus.
 */
async function tabReachesAll(
  page: Page,
  scope: Locator,
  maxPresses: number,
  onFocus?: (ring: Ring, name: string) => void,
): Promise<{ total: number; missed: string[] }> {
  const run = `r${++tabRun}-`;
  const total = await scope.evaluate((root, prefix) => {
    for (const old of root.ownerDocument.querySelectorAll<typeof root>('[data-a11y-target]')) delete old.dataset.a11yTarget;
    const controls = [...root.querySelectorAll<typeof root>('button, input, select, textarea, a[href], [tabindex]')].filter((el) => {
      const rect = el.getBoundingClientRect();
      // One card at a time is in the tab order (roving tabindex): the others are reached by arrows.
      return !el.matches(':disabled') && rect.width > 0 && rect.height > 0 && el.tabIndex >= 0;
    });
    // A radio group is one stop for Tab (arrows choose within it): one mark for the group.
    const radioGroup = (el: typeof root) => (el.getAttribute('type') === 'radio' && el.getAttribute('name') ? `radio:${el.getAttribute('name')}` : null);
    controls.forEach((el, i) => (el.dataset.a11yTarget = `${prefix}${radioGroup(el) ?? i}`));
    return new Set(controls.map((el) => el.dataset.a11yTarget)).size;
  }, run);
  const seen = new Set<string>();
  for (let i = 0; i < maxPresses && seen.size < total; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.locator('body').evaluate((body) => {
      const el = body.ownerDocument.activeElement;
      const label = el ? (el.getAttribute('aria-label') ?? el.closest('label')?.textContent?.trim() ?? el.textContent?.trim() ?? '') : '';
      return {
        mark: el?.getAttribute('data-a11y-target') ?? null,
        name: el ? `${el.tagName}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${label.slice(0, 40)}"` : '',
      };
    });
    if (focused.mark === null || !focused.mark.startsWith(run)) continue;
    seen.add(focused.mark);
    if (onFocus) onFocus(await focusedRing(page), focused.name);
  }
  const missed = await scope.evaluate(
    (root, reached) =>
      [...root.querySelectorAll<typeof root>('[data-a11y-target]')]
        .filter((el) => !reached.includes(el.dataset.a11yTarget ?? ''))
        .map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}`),
    [...seen],
  );
  return { total, missed };
}

/**
 * The ring's contrast with what it is drawn on: the element's own background when the ring is
 * inside its edge (a negative offset) and the element is opaque, else what is behind the element.
 */
function ringContrast(ring: Ring): number {
  const own = parseColour(ring.cardColour);
  const surface = ring.outlineOffset < 0 && own.alpha === 1 ? own.rgb : parseColour(ring.behindColour).rgb;
  return contrast(parseColour(ring.outlineColour).rgb, surface);
}

const fontPx = (loc: Locator) => loc.evaluateAll((els) => els.map((el) => parseFloat(el.ownerDocument.defaultView!.getComputedStyle(el).fontSize)));

describe('accessibility in Chromium at 1366x768', () => {
  let host: Host;
  let chromium: Chromium;
  let page: Page;
  let sandbox: SandboxControl;

  beforeAll(async () => {
    host = await startHost([], { settings: { environment: 'demo', autoCloseBills: false } });
    sandbox = new SandboxControl(host.ready.sandbox ?? '');
    chromium = await launchChromium();
    page = await chromium.newPage();
    await openApp(page, host.ui);
    // Every state on the demo's cards: partly paid, paid, a payment in progress (the service
    // abandons it, the lock stays), an authorised manual-capture payment (capture needed), open and free.
    expect((await sandbox.guestPay({ idTable: 't1', items: [{ id: 'm-pilsner-1', quantity: '1' }] })).outcome).toBe('paid');
    expect((await sandbox.guestPay({ idTable: 't3' })).outcome).toBe('paid');
    await sandbox.fault('abandon-payment');
    await sandbox.guestPay({ idTable: 't2' });
    expect((await sandbox.guestPay({ idTable: 't7', captureMode: 'manual' })).outcome).toBe('authorized');
    for (const [id, state] of [
      ['t1', 'partly-paid'],
      ['t3', 'paid'],
      ['t2', 'in-payment'],
      ['t7', 'capture-needed'],
      ['t11', 'open'],
      ['t4', 'free'],
    ] as const) {
      await page.locator(`[data-table-id="${id}"].state-${state}`).waitFor();
    }
  });
  afterAll(async () => {
    await chromium?.close();
    await host?.stop();
  });

  it('the focus ring of a card of every state is at least 3:1 against the card and what is around it, and is not cut off', async () => {
    await tableCard(page, 'Table 4').focus();
    const checked: Record<string, string> = {};
    for (const id of ['t4', 't11', 't2', 't1', 't3', 't7']) {
      await arrowTo(page, id);
      const ring = await focusedRing(page);
      expect(ring.focusVisible).toBe(true);
      expect(ring.outlineStyle).not.toBe('none');
      // 2.4.13: at least as thick as a 2 px perimeter.
      expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
      const outline = parseColour(ring.outlineColour);
      expect(outline.alpha).toBe(1);
      expect(contrast(outline.rgb, parseColour(ring.cardColour).rgb)).toBeGreaterThanOrEqual(3);
      expect(contrast(outline.rgb, parseColour(ring.behindColour).rgb)).toBeGreaterThanOrEqual(3);
      // Every side of the ring is painted: inside the nearest box that clips (the area's paint containment).
      if (ring.clipBox) {
        expect(ring.ringBox.left).toBeGreaterThanOrEqual(ring.clipBox.left - 0.5);
        expect(ring.ringBox.top).toBeGreaterThanOrEqual(ring.clipBox.top - 0.5);
        expect(ring.ringBox.right).toBeLessThanOrEqual(ring.clipBox.right + 0.5);
        expect(ring.ringBox.bottom).toBeLessThanOrEqual(ring.clipBox.bottom + 0.5);
      }
      checked[id] = ring.cardColour;
    }
    // Six cards, six card colours (capture needed has its own).
    expect(new Set(Object.values(checked)).size).toBe(6);
    await arrowTo(page, 't7');
    await screenshot(page, 'a11y-focus-card-1366x768');
  });

  it('state words are at least 14 px on the cards, the bill, the notices and in Payments', async () => {
    const cards = await fontPx(page.locator('.table-card .badge'));
    expect(cards.length).toBeGreaterThanOrEqual(12);
    await tableCard(page, 'Table 1').click();
    const bill = billPanel(page, 'Table 1');
    await bill.waitFor();
    const inBill = await fontPx(page.locator('.bill-sheet .badge'));
    expect(inBill.length).toBeGreaterThan(0);
    await notice(page, /Table 3 paid/).waitFor();
    const notices = await fontPx(page.locator('.notices .notice-text, .notices .badge, .notices .notice-mark'));
    expect(notices.length).toBeGreaterThan(0);
    await tab(page, 'Payments').click();
    await page.locator('tr[data-payment-id]').first().waitFor();
    const payments = await fontPx(page.locator('.tab-panel .badge'));
    expect(payments.length).toBeGreaterThan(0);
    for (const px of [...cards, ...inBill, ...notices, ...payments]) expect(px).toBeGreaterThanOrEqual(14);
    await tab(page, 'Tables').click();
  });

  it('a refunded notice keeps its "refunded" mark at 14 px', async () => {
    await tab(page, 'Payments').click();
    const row = paymentRow(
      page,
      await page
        .locator('tr[data-payment-id]')
        .filter({ hasText: /Table 3/ })
        .first()
        .getAttribute('data-payment-id')
        .then((id) => id ?? ''),
    );
    await row.getByRole('button', { name: /Cancel payment/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this payment?' });
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    const mark = page.locator('.notices .notice-mark');
    await mark.first().waitFor();
    for (const px of await fontPx(mark)) expect(px).toBeGreaterThanOrEqual(14);
    await tab(page, 'Tables').click();
  });

  it('the keyboard reaches every control of the Tables view, a card by arrows, and every action of the bill it opens', async () => {
    await tab(page, 'Tables').click();
    await page.keyboard.press('Escape');
    const view = page.locator('.tables-view');
    await tab(page, 'Tables').focus();
    const tables = await tabReachesAll(page, view, 80);
    expect(tables.missed).toEqual([]);
    // Toolbar (filters, layout) and the one card in the tab order.
    expect(tables.total).toBeGreaterThanOrEqual(8);

    await tableCard(page, 'Table 4').focus();
    await arrowTo(page, 't1');
    await page.keyboard.press('Enter');
    const bill = billPanel(page, 'Table 1');
    await bill.waitFor();
    const sheet = page.locator('.bill-sheet');
    const actions = await tabReachesAll(page, sheet, 120);
    expect(actions.missed).toEqual([]);
    // Close the sheet, per-item quantity/set/remove, add an item, close the bill: all there.
    expect(actions.total).toBeGreaterThanOrEqual(10);
    await screenshot(page, 'a11y-bill-keyboard-1366x768');
  });

  it('in every view, Tab reaches every control and each shows a ring at least 3:1 against what it is drawn on', async () => {
    await page.keyboard.press('Escape');
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(5);
    const weak: string[] = [];
    for (const name of await page.getByRole('tab').evaluateAll((els) => els.map((el) => el.getAttribute('id') ?? ''))) {
      const t = page.locator(`[role="tab"][id="${name}"]`);
      await t.click();
      await page.locator(`[role="tab"][id="${name}"][aria-selected="true"]`).waitFor();
      await t.focus();
      const panel = page.locator('.tab-panel');
      const result = await tabReachesAll(page, panel, 200, (ring, control) => {
        // The ring drawn, whatever selector draws it (a date field's focus sits in its own parts, so Chromium never says :focus-visible for it).
        if (ring.outlineStyle === 'none' || ring.outlineWidth < 2 || ringContrast(ring) < 3)
          weak.push(
            `${name}: ${control} (${ring.outlineStyle} ${ring.outlineWidth}px ${ring.outlineColour} on ${ring.cardColour}/${ring.behindColour}, focus-visible ${ring.focusVisible})`,
          );
      });
      expect({ view: name, missed: result.missed }).toEqual({ view: name, missed: [] });
    }
    // The notices' own buttons (open the table, OK) too.
    const notices = page.getByRole('region', { name: 'Notifications' });
    await page.getByRole('tab').first().focus();
    const fromNotices = await tabReachesAll(page, notices, 60, (ring, control) => {
      if (ring.outlineStyle === 'none' || ringContrast(ring) < 3)
        weak.push(`notices: ${control} (${ring.outlineColour} on ${ring.cardColour}/${ring.behindColour})`);
    });
    expect(fromNotices.missed).toEqual([]);
    expect(weak).toEqual([]);
  });
});
