import { describe, expect, it } from 'vitest';
import { BEER, GOULASH, liveCompanion, type Kind, type Running } from './helpers/harness.js';

const paidEvents = (r: Running, paymentId: string) => r.events.filter((e) => e.type === 'notice' && e.notice.id === `paid:${paymentId}`).length;

describe.each<Kind>(['ws', 'longpoll'])('guest payments over %s', (kind) => {
  const live = liveCompanion(kind);

  it('a guest pays the whole bill: the bill is PAID and nothing is due', async () => {
    await live.pos.pos.seed('t1', 'b1', [BEER, GOULASH]);
    const scan = (await live.sandbox.guestScan({ idTable: 't1' })) as { id: string }[];
    expect(scan.map((b) => b.id)).toEqual(['b1']);

    const result = await live.sandbox.guestPay({ idTable: 't1' });
    expect(result.outcome).toBe('paid');
    expect(result.steps.map((s) => s.method)).toEqual(['getTableContents', 'getBill', 'paymentStart', 'paymentProcessed', 'paymentClosed']);

    const bill = await live.pos.pos.bill('b1');
    expect(bill.body.state).toBe('PAID');
    expect(bill.body.totals).toMatchObject({ total: '707.00', paid: '707.00', due: '0.00' });
    expect(await live.sandbox.guestScan({ idTable: 't1' })).toEqual([]);
  });

  it('partial payments with a tip until the bill is PAID, each applied once', async () => {
    await live.pos.pos.seed('t2', 'b2', [BEER, GOULASH]);
    const first = await live.sandbox.guestPay({ idTable: 't2', items: [{ id: 'beer', quantity: '1' }], tip: '20' });
    expect(first.outcome).toBe('paid');
    let bill = await live.pos.pos.bill('b2');
    expect(bill.body.state).toBe('OPEN');
    expect(bill.body.totals).toMatchObject({ paid: '62.00', due: '645.00', tips: '20.00' });

    const scan = (await live.sandbox.guestScan({ idTable: 't2' })) as { items: { id: string; quantity: string }[] }[];
    expect(scan[0]!.items.find((i) => i.id === 'beer')!.quantity).toBe('3');

    const second = await live.sandbox.guestPay({ idTable: 't2', items: [{ id: 'goulash', quantity: '2' }] });
    expect(second.outcome).toBe('paid');
    const rest = await live.sandbox.guestPay({ idTable: 't2' });
    expect(rest.outcome).toBe('paid');
    bill = await live.pos.pos.bill('b2');
    expect(bill.body.state).toBe('PAID');
    expect(bill.body.totals).toMatchObject({ total: '707.00', paid: '707.00', due: '0.00', tips: '20.00' });
    for (const p of [first, second, rest]) expect(paidEvents(live.pos, p.payment.id)).toBe(1);
  });

  it('a declined card pays nothing and leaves nothing locked', async () => {
    await live.pos.pos.seed('t3', 'b3', [BEER]);
    const declined = await live.sandbox.guestPay({ idTable: 't3', outcome: 'declined' });
    expect(declined.outcome).toBe('declined');
    const bill = await live.pos.pos.bill('b3');
    expect(bill.body.state).toBe('OPEN');
    expect(bill.body.totals).toMatchObject({ paid: '0.00', due: '248.00' });
    expect(bill.body.items[0]).toMatchObject({ lockedQuantity: '0', paidQuantity: '0' });
    const notice = live.pos.events.find((e) => e.type === 'notice' && e.notice.id === `declined:${declined.payment.id}`);
    expect(notice).toBeDefined();
    expect((await live.sandbox.guestPay({ idTable: 't3' })).outcome).toBe('paid');
  });

  it('a repeated paymentClosed changes nothing', async () => {
    await live.pos.pos.seed('t4', 'b4', [BEER]);
    live.sandbox.injectFault({ kind: 'repeat-payment-closed' });
    const paid = await live.sandbox.guestPay({ idTable: 't4', items: [{ id: 'beer', quantity: '2' }] });
    expect(paid.outcome).toBe('paid');
    const bill = await live.pos.pos.bill('b4');
    expect(bill.body.items[0]).toMatchObject({ paidQuantity: '2', lockedQuantity: '0' });
    expect(bill.body.totals).toMatchObject({ paid: '124.00', due: '124.00' });
    const events = await live.pos.pos.call('GET', '/events?after=0');
    const paidLog = (events.body.events ?? events.body).filter(
      (e: { kind: string; paymentId: string }) => e.kind === 'payment.paid' && e.paymentId === paid.payment.id,
    );
    expect(paidLog).toHaveLength(1);
    expect(paidEvents(live.pos, paid.payment.id)).toBe(1);
  });

  it('the bill changing under a guest cancels that payment with ITEMS_CHANGED', async () => {
    await live.pos.pos.seed('t5', 'b5', [BEER]);
    const result = await live.sandbox.guestPay({ idTable: 't5', items: [{ id: 'beer', quantity: '9' }] });
    expect(result.outcome).toBe('cancelled');
    expect(result.steps.find((s) => s.method === 'paymentStart')?.error?.code).toBe('ITEMS_CHANGED');
    expect((await live.pos.pos.bill('b5')).body.totals).toMatchObject({ paid: '0.00', due: '248.00' });
  });
});
