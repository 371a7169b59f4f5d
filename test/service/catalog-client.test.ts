import { afterEach, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../main/base/wire/index.js';
import { ServiceFixture, value } from './helpers.js';

let fx: ServiceFixture;
afterEach(async () => {
  await fx?.close();
});

const items = (n: number, prefix = 'm'): MenuItem[] =>
  Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, name: `Dish ${i}`, price: '99.90', tags: [], available: true }));

describe('REST client: QR codes, menus, orders, resources against the sandbox', () => {
  it('creates, lists, reads, renders and deletes QR codes', async () => {
    fx = await new ServiceFixture().connect();
    const qr = value(await fx.client.createQrCode('T1'));
    expect(qr.idTable).toBe('T1');
    expect(value(await fx.client.createQrCode('T1'))).toEqual(qr);
    value(await fx.client.createQrCode('T2'));
    expect(
      value(await fx.client.listQrCodes())
        .map((q) => q.idTable)
        .sort(),
    ).toEqual(['T1', 'T2']);
    expect(value(await fx.client.getQrCode('T1'))).toEqual(qr);

    const png = value(await fx.client.qrImage(qr.code));
    expect(png.contentType).toBe('image/png');
    expect([...png.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svg = value(await fx.client.qrImage(qr.code, 'svg'));
    expect(svg.contentType).toMatch(/^image\/svg\+xml/);
    expect(new TextDecoder().decode(svg.bytes)).toMatch(/<svg/);
    expect(await fx.client.qrImage('unknown')).toMatchObject({ ok: false, status: 404 });

    expect(value(await fx.client.deleteQrCode('T1'))).toBeNull();
    const gone = await fx.client.getQrCode('T1');
    expect(gone).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
    expect(!gone.ok && gone.message).toBe('This table has no QR code at the service yet: create one first.');
    expect(await fx.client.deleteQrCode('T1')).toMatchObject({ status: 404 });
    expect(value(await fx.client.deleteAllQrCodes())).toBeNull();
    expect(value(await fx.client.listQrCodes())).toEqual([]);
  });

  it('updates menus and uploads items; over 5,000 is refused (locally, and by the service across menus)', async () => {
    fx = await new ServiceFixture().connect();
    expect(value(await fx.client.updateMenus([{ id: 'lunch', name: 'Lunch', items: items(3) }]))).toEqual({ status: 'Accepted' });
    expect(value(await fx.client.uploadMenuItems(items(5000)))).toEqual({ status: 'Accepted' });
    const restaurant = () => (fx.sandbox.state() as { restaurants: { menus: number; menuItems: number }[] }).restaurants[0]!;
    expect(restaurant()).toMatchObject({ menus: 1, menuItems: 5000 });

    const tooMany = await fx.client.uploadMenuItems(items(5001));
    expect(tooMany).toMatchObject({ ok: false, status: 0, code: 'INVALID_INPUT' });
    expect(!tooMany.ok && tooMany.message).toMatch(/items: at most 5000 items per upload/);
    const badPrice = await fx.client.uploadMenuItems([{ id: 'x', name: 'X', price: 'free', tags: [], available: true }]);
    expect(!badPrice.ok && badPrice.message).toMatch(/items\[0\]\.price/);

    const spread = [0, 1, 2].map((n) => ({ id: `menu${n}`, name: `Menu ${n}`, items: items(2000, `m${n}-`) }));
    const refused = await fx.client.updateMenus(spread);
    expect(refused).toMatchObject({ ok: false, status: 400, code: 'BAD_REQUEST' });
    expect(!refused.ok && refused.message).toMatch(
      /^The payment service refused the request: menus: at most 5000 items in all, got 6000\. Correct it and try again\.$/,
    );
    expect(restaurant()).toMatchObject({ menus: 1, menuItems: 5000 });
  });

  it('updates and reads an order status under the service name; another name is not found', async () => {
    fx = await new ServiceFixture().connect();
    expect(value(await fx.client.updateOrderStatus('o-1', 'PREPARING'))).toEqual({ status: 'Accepted' });
    expect(value(await fx.client.getOrderStatus('o-1'))).toEqual({ idOrder: 'o-1', status: 'PREPARING' });
    expect(value(await fx.client.updateOrderStatus('o-1', 'READY', { svc: 'qerko' }))).toEqual({ status: 'Accepted' });
    expect(value(await fx.client.getOrderStatus('o-1'))).toEqual({ idOrder: 'o-1', status: 'READY' });
    const unknown = await fx.client.getOrderStatus('o-2');
    expect(!unknown.ok && unknown.message).toBe('The payment service does not know this order: check the order id.');
    expect(await fx.client.getOrderStatus('o-1', { svc: 'other' })).toMatchObject({ ok: false, status: 404 });
    expect(await fx.client.updateOrderStatus('o-1', 'EATEN' as never)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });

  it('reads resources, all or by name', async () => {
    fx = await new ServiceFixture().connect();
    const all = value(await fx.client.getResources());
    expect(all.restaurantName).toBe(fx.sandbox.restaurant.name);
    expect(value(await fx.client.getResources(['currency']))).toEqual({ currency: 'CZK' });
  });

  it('sends Accept-Language: the service text it logs follows it, the cashier sentence stays ours', async () => {
    fx = await new ServiceFixture().connect();
    const czech = fx.clientWith({ language: 'cs', apiKey: 'qqqq-wwww-eeee-rrrr-tttt' });
    expect(await czech.whoAmI()).toMatchObject({ ok: false, status: 401, code: 'UNAUTHORIZED' });
    const line = fx.sink.lines.find((l) => l.msg === 'service refused request' && l.status === 401)!;
    expect(String(line.serviceMessage)).toMatch(/^Neplatný API klíč/);
    expect(fx.sink.text()).not.toContain('qqqq-wwww-eeee-rrrr-tttt');
  });
});
