import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanion } from '../../main/app/companion.js';
import { silentLogger } from '../../main/base/log.js';
import type { TransportKind } from '../../main/adapters/connection/methods-index.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { cleanup, FAST, PosApi, tempDir } from '../integration/helpers/harness.js';
import { MENU } from '../store/menu-helpers.js';
import { freePort } from './helpers/fixture.js';
import { waitUntil } from './helpers/wait.js';

type Line = { id: string; name: string; price: string; quantity: string };
type BillLine = Line & { paidQuantity: string; lockedQuantity: string };
type Event = { seq: number; kind: string; billId: string | null; tableId: string | null; paymentId: string | null; data: Record<string, unknown> };
type BillDetail = { id: string; state: string; items: BillLine[]; payments: { id: string; state: string; items: { id: string; quantity: string }[] }[] };
type PutAnswer = BillDetail & { guestLinesKept: { id: string }[]; guestLinesTakenIn: string[] };

/** What the POS knows of one bill, from its own writes and the event stream only. */
interface LedgerBill {
  tableId: string;
  lines: Map<string, Line>;
  paid: Map<string, Decimal>;
}

const ROUNDS_MAX = 150;
const GUEST_ROUNDS = 4;
const TABLES = ['t1', 't2'];

/**
 * The restaurant's POS as integrators write it: it keeps re-sending its bills (PUT /v1/bills/{id}
 * with every line it knows) while guests order onto them and pay through the real sandbox, over
 * each transport. It knows only what the event stream told it: a guest's lines (order.created) and
 * what each payment paid (payment.paid, read from the bill). No guest line may be lost, none paid
 * twice, and every bill ends as the POS's ledger says.
 */
describe.each<TransportKind>(['ws', 'longpoll', 'webhook'])('a POS re-sending its bills while guests order and pay, over %s', (kind) => {
  let sandbox: Sandbox;
  let companion: Awaited<ReturnType<typeof createCompanion>>;
  let pos: PosApi;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, webhookPingMs: 0 });
    dataDir = tempDir();
    const webhook = kind === 'webhook' ? await freePort() : 0;
    companion = await createCompanion({
      dataDir,
      apiKey: sandbox.restaurant.apiKey,
      settings: {
        environment: 'sandbox',
        serviceUrl: sandbox.url,
        transport: kind,
        posApiPort: 0,
        posId: randomUUID(),
        autoCloseBills: false,
        ...(kind === 'webhook' ? { webhookPort: webhook, webhookPublicUrl: `http://127.0.0.1:${webhook}` } : {}),
      },
      log: silentLogger(),
      tuning: FAST,
    });
    pos = new PosApi(companion.posApiUrl, companion.posApiToken);
    const connected = new Promise<void>((resolve) => {
      const off = companion.api.onEvent((e) => {
        if (e.type === 'connection' && e.connection.status === 'connected') {
          off();
          resolve();
        }
      });
    });
    await companion.start();
    await connected;
    for (const t of TABLES) expect(await pos.call('PUT', `/tables/${t}`, { name: `Table ${t}` })).toMatchObject({ status: 201 });
    expect(await pos.call('PUT', '/menu', { menus: MENU })).toMatchObject({ status: 200 });
    // Guests order from the menu the service holds: it arrives with the next push (2 s grouping).
    const pushed = () => (sandbox.state() as { restaurants: { pushedMenus: unknown[] }[] }).restaurants[0]!.pushedMenus.length;
    await waitUntil(() => pushed() === 2, 'the pushed menu', 10_000);
  });
  afterAll(async () => {
    await companion.stop();
    await sandbox.close();
    cleanup(dataDir);
  });

  it('loses no guest line, pays no line twice, and every bill ends as the POS ledger says', async () => {
    const ledger = new Map<string, LedgerBill>();
    let cursor = 0;
    const own = (billId: string, tableId: string, lines: Line[]) =>
      ledger.set(billId, { tableId, lines: new Map(lines.map((l) => [l.id, l])), paid: new Map() });
    own('b1', 't1', [{ id: 'k1', name: 'Lemonade', price: '45', quantity: '1' }]);
    own('b2', 't2', [{ id: 'k2', name: 'Bread', price: '20', quantity: '2' }]);

    /** Reads the stream from the cursor: guests' lines join the ledger, paid quantities are counted. */
    const readEvents = async () => {
      for (;;) {
        const page = (await pos.call('GET', `/events?after=${cursor}&limit=1000`)).body as Event[];
        for (const e of page) {
          cursor = e.seq;
          if (e.kind === 'order.created' && Array.isArray(e.data.lines) && e.billId && e.tableId) {
            if (!ledger.has(e.billId)) own(e.billId, e.tableId, []);
            for (const l of e.data.lines as Line[]) ledger.get(e.billId)!.lines.set(l.id, { id: l.id, name: l.name, price: l.price, quantity: l.quantity });
          }
          if (e.kind === 'payment.paid' && e.billId && e.paymentId) {
            const bill = (await pos.bill(e.billId)).body as BillDetail;
            const payment = bill.payments.find((p) => p.id === e.paymentId)!;
            const entry = ledger.get(e.billId)!;
            for (const i of payment.items) entry.paid.set(i.id, (entry.paid.get(i.id) ?? new Decimal(0)).plus(i.quantity));
          }
        }
        if (page.length < 1000) return;
      }
    };

    /** Re-sends every bill with every line the POS knows; a line the guests added since it last read is kept for it. */
    const resend = async (round: number) => {
      for (const [billId, entry] of ledger) {
        // The POS sells more of its own first line now and then.
        const first = [...entry.lines.values()].find((l) => !l.id.includes('#'));
        if (first && round % 3 === 0) entry.lines.set(first.id, { ...first, quantity: String(Number(first.quantity) + 1) });
        const answer = await pos.call('PUT', `/bills/${billId}`, { tableId: entry.tableId, currency: 'CZK', items: [...entry.lines.values()] });
        expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
        const body = answer.body as PutAnswer;
        // Kept: only lines the POS has not heard of yet; every line it sent is on the bill.
        for (const kept of body.guestLinesKept) expect(entry.lines.has(kept.id)).toBe(false);
        const onBill = new Set(body.items.map((i) => i.id));
        for (const id of entry.lines.keys()) expect(onBill.has(id)).toBe(true);
      }
    };

    await resend(1);
    // The finding, forced once: the POS reads the stream, a guest orders, then the POS re-sends.
    await readEvents();
    const raced = await sandbox.guestOrder({ idTable: 't1', items: [{ id: 'beer', quantity: '2' }] });
    expect(raced.outcome).toBe('placed');
    const resent = (await pos.call('PUT', '/bills/b1', { tableId: 't1', currency: 'CZK', items: [...ledger.get('b1')!.lines.values()] })).body as PutAnswer;
    expect(raced.billId).toBe('b1');
    expect(resent.guestLinesKept.map((l) => l.id)).toEqual([`${raced.idOrder}#1`]);
    expect(resent.items.map((i) => [i.id, i.quantity])).toContainEqual([`${raced.idOrder}#1`, '2']);

    let guestsDone = false;
    let wake: (() => void) | null = null;
    const off = companion.api.onEvent(() => wake?.());
    const nextEvent = () => new Promise<void>((resolve) => (wake = resolve));

    const posLoop = (async () => {
      let round = 0;
      while (!guestsDone && round < ROUNDS_MAX) {
        const next = nextEvent();
        await readEvents();
        await resend(round++);
        if (!guestsDone) await next;
      }
    })();

    const placed: { idOrder: string; billId: string }[] = [{ idOrder: raced.idOrder, billId: raced.billId! }];
    const outcomes: string[] = [];
    const guests = (async () => {
      for (let r = 0; r < GUEST_ROUNDS; r++) {
        for (const idTable of TABLES) {
          const o = await sandbox.guestOrder({ idTable, items: [{ id: r % 2 ? 'lemonade' : 'beer', quantity: '1' }] });
          expect(o.outcome, JSON.stringify(o.error)).toBe('placed');
          placed.push({ idOrder: o.idOrder, billId: o.billId! });
          // The guest pays their own line, and every other round one of the POS's lines too.
          const items = [{ id: `${o.idOrder}#1`, quantity: '1' }, ...(r % 2 ? [{ id: idTable === 't1' ? 'k1' : 'k2', quantity: '1' }] : [])];
          const paid = await sandbox.guestPay({ idTable, idBill: o.billId!, items });
          outcomes.push(paid.outcome);
        }
      }
      const last = await sandbox.guestPay({ idTable: 't1', idBill: raced.billId!, items: [{ id: `${raced.idOrder}#1`, quantity: '2' }] });
      outcomes.push(last.outcome);
    })().finally(() => {
      guestsDone = true;
      wake?.();
    });

    await Promise.all([guests, posLoop]);
    off();
    // Every payment the guests made went through: none met a line that had gone.
    expect(
      outcomes.every((o) => o === 'paid'),
      outcomes.join(', '),
    ).toBe(true);

    // The last word: the POS hears everything and re-sends once more.
    await readEvents();
    await resend(1);
    await readEvents();
    for (const { idOrder, billId } of placed) expect(ledger.get(billId)?.lines.has(`${idOrder}#1`), `${idOrder} on ${billId}`).toBe(true);
    for (const [billId, entry] of ledger) {
      const bill = (await pos.bill(billId)).body as BillDetail;
      const expected = [...entry.lines.values()].map((l) => [l.id, l.quantity, (entry.paid.get(l.id) ?? new Decimal(0)).toString(), '0']);
      expect(bill.items.map((i) => [i.id, i.quantity, i.paidQuantity, i.lockedQuantity]).sort(), billId).toEqual(expected.sort());
      // No line paid twice: what the PAID payments hold per line is what the line says is paid, and never more than it has.
      const byPayments = new Map<string, Decimal>();
      for (const p of bill.payments.filter((p) => p.state === 'PAID')) {
        for (const i of p.items) byPayments.set(i.id, (byPayments.get(i.id) ?? new Decimal(0)).plus(i.quantity));
      }
      for (const i of bill.items) {
        expect((byPayments.get(i.id) ?? new Decimal(0)).toString(), `${billId} ${i.id}`).toBe(i.paidQuantity);
        expect(new Decimal(i.paidQuantity).lessThanOrEqualTo(i.quantity)).toBe(true);
      }
    }
  });
});
