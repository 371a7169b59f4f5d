import { describe, expect, it } from 'vitest';
import { BEER, GOULASH, liveCompanion } from '../integration/helpers/harness.js';

describe('CompanionApi over the core', () => {
  const live = liveCompanion('ws');

  it('the snapshot carries the restaurant, tables, bills and settings, never the API key', async () => {
    await live.pos.pos.seed('s1', 'bs1', [BEER]);
    const snap = await live.pos.companion.api.getSnapshot();
    expect(snap.restaurantName).toBe(live.sandbox.restaurant.name);
    expect(snap.tables.find((t) => t.id === 's1')).toMatchObject({ state: 'open', due: '248.00', currency: 'CZK' });
    expect(snap.bills.find((b) => b.id === 'bs1')?.totals.due).toBe('248.00');
    expect(snap.settings.apiKeyMasked).toMatch(/^[•-]+[a-z0-9]{4}$/);
    expect(JSON.stringify(snap)).not.toContain(live.sandbox.restaurant.apiKey);
  });

  it('cashier bill operations go through the store and push bill and table events', async () => {
    const api = live.pos.companion.api;
    await live.pos.pos.call('PUT', '/tables/s2', { name: 'Table S2' });
    const opened = await api.openBill({ tableId: 's2' });
    expect(opened.ok).toBe(true);
    const billId = opened.ok ? opened.value.id : '';
    const added = await api.addItem({ billId, name: 'Espresso', price: '49.00', quantity: '2' });
    expect(added.ok && added.value.totals.due).toBe('98.00');
    const itemId = added.ok ? added.value.items[0]!.id : '';
    const changed = await api.setItemQuantity({ billId, itemId, quantity: '3' });
    expect(changed.ok && changed.value.totals.due).toBe('147.00');
    const bad = await api.setItemQuantity({ billId, itemId, quantity: 'three' });
    expect(bad.ok).toBe(false);
    // The table's view reaches the screen (views are pushed at most once per VIEW_PUSH_MS).
    await live.pos.waitForEvent((e) => e.type === 'table' && e.table.id === 's2' && e.table.due === '147.00', 'table s2 due 147.00');
    expect((await api.closeBill({ billId })).ok).toBe(true);
  });

  it('a payment closed twice makes one notice, and acknowledging it removes it', async () => {
    await live.pos.pos.seed('s3', 'bs3', [GOULASH]);
    live.sandbox.injectFault({ kind: 'repeat-payment-closed' });
    const paid = await live.sandbox.guestPay({ idTable: 's3', tip: '30' });
    const id = `paid:${paid.payment.id}`;
    expect(live.pos.events.filter((e) => e.type === 'notice' && e.notice.id === id)).toHaveLength(1);
    const notice = (await live.pos.companion.api.getSnapshot()).notices.find((n) => n.id === id);
    expect(notice).toMatchObject({ kind: 'paid', tableName: 'Table s3', amount: '459.00', tip: '30.00', currency: 'CZK' });
    expect((await live.pos.companion.api.acknowledgeNotice({ noticeId: id })).ok).toBe(true);
    expect((await live.pos.companion.api.getSnapshot()).notices.some((n) => n.id === id)).toBe(false);
  });

  it('cancels a payment within 3 hours (items back on the bill) and refuses after, saying why', async () => {
    await live.pos.pos.seed('s4', 'bs4', [BEER]);
    const first = await live.sandbox.guestPay({ idTable: 's4', items: [{ id: 'beer', quantity: '2' }] });
    const cancelled = await live.pos.companion.api.cancelPayment({ paymentId: first.payment.id });
    expect(cancelled.ok && cancelled.value.state).toBe('CANCELLED');
    const bill = await live.pos.pos.bill('bs4');
    expect(bill.body.items[0]).toMatchObject({ paidQuantity: '0' });
    expect(bill.body.totals.due).toBe('248.00');

    const second = await live.sandbox.guestPay({ idTable: 's4', items: [{ id: 'beer', quantity: '1' }] });
    live.sandbox.advanceClock(3 * 60 * 60 * 1000 + 1000);
    const late = await live.pos.companion.api.cancelPayment({ paymentId: second.payment.id });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.code).toBe('GONE');
    expect((await live.pos.pos.bill('bs4')).body.items[0]).toMatchObject({ paidQuantity: '1' });
  });

  it('captures a manual payment, after which the service closes it as PAID', async () => {
    await live.pos.pos.seed('s5', 'bs5', [BEER]);
    const authorized = await live.sandbox.guestPay({ idTable: 's5', captureMode: 'manual' });
    expect(authorized.outcome).toBe('authorized');
    const paidNotice = new Promise<void>((resolve) => {
      const off = live.pos.companion.api.onEvent((e) => {
        if (e.type === 'notice' && e.notice.id === `paid:${authorized.payment.id}`) {
          off();
          resolve();
        }
      });
    });
    const captured = await live.pos.companion.api.capturePayment({ paymentId: authorized.payment.id });
    expect(captured.ok).toBe(true);
    await paidNotice;
    expect((await live.pos.pos.bill('bs5')).body.state).toBe('PAID');
    const again = await live.pos.companion.api.capturePayment({ paymentId: authorized.payment.id });
    expect(again.ok).toBe(false);
  });

  it('creates, lists and deletes table QR codes at the service', async () => {
    await live.pos.pos.call('PUT', '/tables/q1', { name: 'Table Q1' });
    const created = await live.pos.companion.api.createQrCodes({ tableIds: ['q1'] });
    expect(created.ok).toBe(true);
    const q1 = created.ok ? created.value.find((q) => q.tableId === 'q1') : undefined;
    expect(q1?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\//);
    const again = await live.pos.companion.api.createQrCodes({ tableIds: ['q1'] });
    expect(again.ok && again.value.find((q) => q.tableId === 'q1')?.code).toBe(q1?.code);
    expect((await live.pos.companion.api.deleteQrCode({ tableId: 'q1' })).ok).toBe(true);
    const listed = await live.pos.companion.api.listQrCodes();
    expect(listed.ok && listed.value.find((q) => q.tableId === 'q1')?.code).toBeNull();
  });

  it('regenerating the POS API token stops the old one at once', async () => {
    const oldToken = live.pos.pos.token;
    const result = await live.pos.companion.api.regeneratePosApiToken({});
    expect(result.ok).toBe(true);
    // The answer has the new token's hint, never the token: the host reads it from its side.
    const newToken = live.pos.companion.posApiToken;
    expect(newToken).not.toBe(oldToken);
    expect(JSON.stringify(result)).not.toContain(newToken);
    expect(result.ok && result.value.posApiTokenHint).toBe(newToken.slice(-4));
    const withOld = await fetch(`${live.pos.pos.base}/tables`, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(withOld.status).toBe(401);
    const withNew = await fetch(`${live.pos.pos.base}/tables`, { headers: { authorization: `Bearer ${newToken}` } });
    expect(withNew.status).toBe(200);
  });

  it('settings: a bad API key is refused with the service code and nothing changes', async () => {
    const before = (await live.pos.companion.api.getSnapshot()).settings;
    const result = await live.pos.companion.api.saveSettings({ environment: 'sandbox', serviceUrl: live.sandbox.url, apiKey: 'bad0-bad0-bad0-bad0-bad0' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('UNAUTHORIZED');
      expect(JSON.stringify(result.error)).not.toContain('bad0-bad0');
    }
    expect((await live.pos.companion.api.getSnapshot()).settings).toEqual(before);
    const invalid = await live.pos.companion.api.saveSettings({ posApiPort: 70000 });
    expect(invalid.ok).toBe(false);
    if (!invalid.ok) expect(invalid.error).toMatchObject({ code: 'INVALID', params: { field: 'posApiPort' } });
  });

  it('settings: a new key for another restaurant is checked, saved, and the session moves to it', async () => {
    const other = live.sandbox.createRestaurant('Second Bistro');
    const result = await live.pos.companion.api.saveSettings({ apiKey: other.apiKey, language: 'cs' });
    expect(result.ok).toBe(true);
    await live.pos.waitForStatus('connected');
    const named = new Promise<void>((resolve) => {
      const check = async () => ((await live.pos.companion.api.getSnapshot()).restaurantName === 'Second Bistro' ? resolve() : undefined);
      const off = live.pos.companion.api.onEvent((e) => {
        if (e.type === 'connection' && e.connection.restaurantName === 'Second Bistro') {
          off();
          resolve();
        }
      });
      void check();
    });
    await named;
    const snap = await live.pos.companion.api.getSnapshot();
    expect(snap.settings.language).toBe('cs');
    expect(snap.settings.apiKeyMasked?.slice(-4)).toBe(other.apiKey.slice(-4));
  });
});
