import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { Id, NonNegativeDecimal, parseWith, type Bill } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { guestPay, guestScan } from '../guest/guest-flow.js';
import { guestPageHtml, pageLang } from '../guest/guest-page.js';
import { empty, must, ok } from '../http/replies.js';
import { openRoute, type RouteContext, type RouteFactory } from '../http/route-types.js';

/** What the guest page posts: the bill, the chosen items, the tip, and how the card behaves. */
const PagePay = z.object({
  idBill: Id,
  items: z.array(z.object({ id: Id, quantity: NonNegativeDecimal })).min(1, 'must name at least one item'),
  tip: NonNegativeDecimal.optional(),
  /** paid: the card pays; manual: it is authorized and the restaurant captures later; declined: refused. */
  mode: z.enum(['paid', 'manual', 'declined']),
});

/** The table a printed code stands for, or null for an unknown (deleted) code. */
function tableOf(core: SandboxCore, code: string): { restaurantId: string; idTable: string; name: string } | null {
  const owner = core.state.qrCodes.get(code);
  const r = owner && core.state.restaurants.get(owner.restaurantId);
  return owner && r ? { restaurantId: r.id, idTable: owner.idTable, name: r.name } : null;
}

// Only the page's own script and style run (the bill's names come from the POS).
const csp = (nonce: string) =>
  `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

async function page(ctx: RouteContext) {
  const table = tableOf(ctx.core, ctx.params.code!);
  if (!table) return empty(404);
  const lang = pageLang(ctx.query.get('lang'), ctx.req.headers['accept-language']);
  let bills: Bill[] | null = null;
  if (ctx.core.channels.live(table.restaurantId)) {
    try {
      bills = await guestScan(ctx.core, { restaurantId: table.restaurantId, idTable: table.idTable });
    } catch {
      bills = null; // the till did not answer: the page says it is not connected
    }
  }
  const nonce = randomBytes(16).toString('base64');
  const html = guestPageHtml({ lang, restaurantName: table.name, path: `/t/${encodeURIComponent(ctx.params.code!)}`, bills, nonce });
  return {
    status: 200,
    headers: { 'content-security-policy': csp(nonce), 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' },
    raw: { contentType: 'text/html; charset=utf-8', data: html },
  };
}

/**
 * The guest's page behind a table's printed code: GET shows the table's bill, POST …/pay runs the
 * guest simulator's own flow (guest-flow.ts, as POST /sandbox/guest/pay) for that table only.
 * These are the only routes the demo's LAN listener serves (`guestPageRoutes`).
 */
export const guestPageRoutes: RouteFactory = () => [
  openRoute('GET', '/t/:code', page),
  openRoute('POST', '/t/:code/pay', async (ctx) => {
    const table = tableOf(ctx.core, ctx.params.code!);
    if (!table) return empty(404);
    const req = must(parseWith(PagePay, ctx.body), ctx.lang, ctx.body === undefined);
    const result = await guestPay(ctx.core, {
      restaurantId: table.restaurantId,
      idTable: table.idTable,
      idBill: req.idBill,
      items: req.items,
      ...(req.tip ? { tip: req.tip } : {}),
      captureMode: req.mode === 'manual' ? 'manual' : 'auto',
      outcome: req.mode === 'declined' ? 'declined' : 'paid',
    });
    return ok({ outcome: result.outcome, total: result.payment.parts[0]?.total ?? '0', currency: result.payment.currency, paymentId: result.payment.id });
  }),
];
