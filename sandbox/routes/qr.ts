import QRCode from 'qrcode';
import { QrCreateRequest, parseWith, type QrCode } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { empty, must, ok } from '../http/replies.js';
import { posRoute, type RouteFactory } from '../http/route-types.js';
import { randomAlnum } from '../core/ids.js';
import type { Restaurant } from '../core/state.js';

function createCode(core: SandboxCore, r: Restaurant, idTable: string): QrCode {
  const existing = r.qr.get(idTable);
  if (existing) return existing; // created once per table, the same code afterwards
  let code = randomAlnum(8);
  for (let i = 0; i < 100 && core.state.qrCodes.has(code); i++) code = randomAlnum(8);
  const qr: QrCode = { idTable, code, url: `${core.guestUrl ?? core.url}/t/${code}` };
  r.qr.set(idTable, qr);
  core.state.qrCodes.set(code, { restaurantId: r.id, idTable });
  return qr;
}

function removeCode(core: SandboxCore, r: Restaurant, idTable: string): void {
  const qr = r.qr.get(idTable);
  if (!qr) return;
  r.qr.delete(idTable);
  core.state.qrCodes.delete(qr.code);
}

export const qrRoutes: RouteFactory = () => [
  posRoute('GET', '/api/v2/pos/qr', (ctx) => ok([...ctx.restaurant.qr.values()])),
  posRoute('POST', '/api/v2/pos/qr', (ctx) => {
    const req = must(parseWith(QrCreateRequest, ctx.body), ctx.lang, ctx.body === undefined);
    return ok(createCode(ctx.core, ctx.restaurant, req.idTable));
  }),
  posRoute('DELETE', '/api/v2/pos/qr', (ctx) => {
    for (const idTable of [...ctx.restaurant.qr.keys()]) removeCode(ctx.core, ctx.restaurant, idTable);
    return ok([]);
  }),
  posRoute('GET', '/api/v2/pos/qr/:idTable', (ctx) => {
    const qr = ctx.restaurant.qr.get(ctx.params.idTable!);
    return qr ? ok(qr) : empty(404);
  }),
  posRoute('DELETE', '/api/v2/pos/qr/:idTable', (ctx) => {
    const qr = ctx.restaurant.qr.get(ctx.params.idTable!);
    if (!qr) return empty(404);
    removeCode(ctx.core, ctx.restaurant, qr.idTable);
    return ok(qr);
  }),
  // A real image of the code's url: PNG by default, SVG with ?format=svg.
  posRoute('GET', '/api/v2/pos/qr-image/:code', async (ctx) => {
    const owner = ctx.core.state.qrCodes.get(ctx.params.code!);
    const qr = owner?.restaurantId === ctx.restaurant.id ? ctx.restaurant.qr.get(owner.idTable) : undefined;
    if (!qr) return empty(404);
    if (ctx.query.get('format') === 'svg') {
      return { status: 200, raw: { contentType: 'image/svg+xml', data: await QRCode.toString(qr.url, { type: 'svg', margin: 2 }) } };
    }
    return { status: 200, raw: { contentType: 'image/png', data: await QRCode.toBuffer(qr.url, { type: 'png', margin: 2, width: 300 }) } };
  }),
];
