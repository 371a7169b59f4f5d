import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { credsOf, sandboxFixture } from './helpers/fixture.js';
import { posFetch } from './helpers/pos-http.js';

// jsqr is CommonJS with `exports.default`; under nodenext the default import is the module object.
const jsQR = jsQRModule.default;
const env = sandboxFixture();

describe('QR codes', () => {
  it('creates a code once per table, lists, reads and deletes them; 404 for unknown tables', async () => {
    const sb = await env.start();
    const creds = credsOf(sb);
    const made = await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 'T1' } });
    expect(made.status).toBe(200);
    const qr = made.json as { idTable: string; code: string; url: string };
    expect(qr.code).toMatch(/^[a-z0-9]{8}$/);
    expect(qr.url).toBe(`${sb.url}/t/${qr.code}`);
    expect((await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 'T1' } })).json).toEqual(qr);
    await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 'T2' } });
    expect(((await posFetch(creds, '/api/v2/pos/qr')).json as unknown[]).length).toBe(2);
    expect((await posFetch(creds, '/api/v2/pos/qr/T1')).json).toEqual(qr);
    const unknown = await posFetch(creds, '/api/v2/pos/qr/T9');
    expect([unknown.status, unknown.text]).toEqual([404, '']);
    expect((await posFetch(creds, '/api/v2/pos/qr/T1', { method: 'DELETE' })).status).toBe(200);
    expect((await posFetch(creds, '/api/v2/pos/qr/T1', { method: 'DELETE' })).status).toBe(404);
    expect((await posFetch(creds, '/api/v2/pos/qr', { method: 'DELETE' })).status).toBe(200);
    expect((await posFetch(creds, '/api/v2/pos/qr')).json).toEqual([]);
    // Another restaurant does not see these codes.
    const other = sb.createRestaurant('Other');
    await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 'T3' } });
    expect((await posFetch({ ...creds, apiKey: other.apiKey }, '/api/v2/pos/qr')).json).toEqual([]);
  });

  it('serves a real PNG that decodes to the url, an SVG with ?format=svg, and the table page', async () => {
    const sb = await env.start({ restaurantName: 'Bistro <Test>' });
    const creds = credsOf(sb);
    const qr = (await posFetch(creds, '/api/v2/pos/qr', { method: 'POST', body: { idTable: 'T1' } })).json as { code: string; url: string };
    const png = await fetch(`${sb.url}/api/v2/pos/qr-image/${qr.code}`, { headers: { authorization: `Bearer ${creds.apiKey}`, 'pos-id': creds.posId } });
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const image = PNG.sync.read(Buffer.from(await png.arrayBuffer()));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(qr.url);
    const svg = await posFetch(creds, `/api/v2/pos/qr-image/${qr.code}?format=svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.text).toMatch(/^<svg/);
    expect((await posFetch(creds, '/api/v2/pos/qr-image/zzzzzzzz')).status).toBe(404);
    const page = await fetch(qr.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    // The guest's page: the restaurant's name escaped; no POS is connected, so it says so, and
    // never shows the table's raw id.
    expect(html).toContain('Bistro &#60;Test&#62;');
    expect(html).toContain("The restaurant's till is not connected.");
    expect(html).not.toContain('T1');
    expect((await fetch(`${sb.url}/t/unknown1`)).status).toBe(404);
  });
});

describe('menus, order status, resources', () => {
  const item = (i: number) => ({ id: `m${i}`, name: `Dish ${i}`, price: '10.50' });

  it('accepts menus and menu items up to 5000, 400 above, 400 naming a bad field', async () => {
    const sb = await env.start();
    const creds = credsOf(sb);
    const menus = await posFetch(creds, '/api/v2/pos/update-menus', { method: 'POST', body: { menus: [{ id: 'lunch', name: 'Lunch', items: [item(1)] }] } });
    expect([menus.status, menus.json]).toEqual([200, { status: 'Accepted' }]);
    const full = Array.from({ length: 5000 }, (_, i) => item(i));
    expect((await posFetch(creds, '/api/v2/pos/upload-menu-items', { method: 'POST', body: { items: full } })).status).toBe(200);
    const over = await posFetch(creds, '/api/v2/pos/upload-menu-items', { method: 'POST', body: { items: [...full, item(5000)] } });
    expect(over.status).toBe(400);
    expect((over.json as { message: string }).message).toMatch(/^items: at most 5000/);
    const overMenus = await posFetch(creds, '/api/v2/pos/update-menus', {
      method: 'POST',
      body: {
        menus: [
          { id: 'a', name: 'A', items: full },
          { id: 'b', name: 'B', items: [item(1)] },
        ],
      },
    });
    expect(overMenus.status).toBe(400);
    const badPrice = await posFetch(creds, '/api/v2/pos/upload-menu-items', { method: 'POST', body: { items: [{ ...item(1), price: 10.5 }] } });
    expect((badPrice.json as { message: string }).message).toMatch(/^items\[0\]\.price: /);
    const state = sb.state() as { restaurants: { menus: number; menuItems: number }[] };
    expect(state.restaurants[0]).toMatchObject({ menus: 1, menuItems: 5000 });
  });

  it('updates and reads order status on the paths named after the service', async () => {
    const sb = await env.start({ serviceName: 'tablepay' });
    const creds = credsOf(sb);
    const up = await posFetch(creds, '/api/v2/pos/update-tablepay-order-status', { method: 'POST', body: { idOrder: 'o1', status: 'READY' } });
    expect(up.status).toBe(200);
    expect((await posFetch(creds, '/api/v2/pos/get-tablepay-order-status', { method: 'POST', body: { idOrder: 'o1' } })).json).toEqual({
      idOrder: 'o1',
      status: 'READY',
    });
    expect((await posFetch(creds, '/api/v2/pos/get-tablepay-order-status', { method: 'POST', body: { idOrder: 'o2' } })).status).toBe(404);
    const bad = await posFetch(creds, '/api/v2/pos/update-tablepay-order-status', { method: 'POST', body: { idOrder: 'o1', status: 'EATEN' } });
    expect((bad.json as { message: string }).message).toMatch(/^status: /);
    expect((await posFetch(creds, '/api/v2/pos/update-qerko-order-status', { method: 'POST', body: { idOrder: 'o1', status: 'READY' } })).status).toBe(404);
  });

  it('returns resources, all or by name', async () => {
    const sb = await env.start({ restaurantName: 'Res' });
    const creds = credsOf(sb);
    const all = await posFetch(creds, '/api/v2/pos/get-resources', { method: 'POST' });
    expect((all.json as { resources: Record<string, unknown> }).resources).toMatchObject({ restaurantName: 'Res', serviceName: 'qerko' });
    const some = await posFetch(creds, '/api/v2/pos/get-resources', { method: 'POST', body: { names: ['restaurantName', 'nope'] } });
    expect(some.json).toEqual({ resources: { restaurantName: 'Res' } });
  });
});
