import { describe, expect, it } from 'vitest';
import type { AttentionEntry, CompanionEvent } from '../../preload/contract.js';
import { BEER, GOULASH, liveCompanion } from '../integration/helpers/harness.js';

/** The attention lists the companion pushed to the renderer, in order. */
const pushedLists = (events: { type: string }[]): AttentionEntry[][] =>
  events.filter((e): e is { type: 'attention'; entries: AttentionEntry[] } => e.type === 'attention').map((e) => e.entries);

// Needs attention through the whole core and the real sandbox (WebSocket): the refund command
// records the service's refusal, retryRecovery asks the service, and the renderer hears each change.
describe('Needs attention over the core and the sandbox', () => {
  const live = liveCompanion('ws');

  it('a refund the service refuses (past the 3-hour window) is listed with its code and pushed; acknowledged with a note it leaves', async () => {
    const api = live.pos.companion.api;
    await live.pos.pos.seed('a1', 'ba1', [GOULASH]);
    const paid = await live.sandbox.guestPay({ idTable: 'a1', tip: '15' });
    live.sandbox.advanceClock(3 * 60 * 60 * 1000 + 1000);
    const late = await api.cancelPayment({ paymentId: paid.payment.id });
    expect(late.ok).toBe(false);

    const listed = await api.listAttention();
    expect(listed.ok).toBe(true);
    const entry = listed.ok ? listed.value.find((e) => e.kind === 'refund-refused')! : null;
    expect(entry).toMatchObject({
      paymentId: paid.payment.id,
      tableName: 'Table a1',
      amount: '459.00',
      tip: '15.00',
      currency: 'CZK',
      detail: { code: 'GONE' },
      actions: ['acknowledge'],
    });
    // Pushed within the watcher's window (ATTENTION_PUSH_MS).
    const holds = (e: CompanionEvent, id: string) => e.type === 'attention' && e.entries.some((x) => x.id === id);
    const pushedWith = await live.pos.waitForEvent((e) => holds(e, entry!.id), 'the list with the refusal');
    expect((await api.getSnapshot()).attention.map((e) => e.id)).toContain(entry!.id);

    expect(await api.resolveAttention({ entryId: entry!.id, note: 'refunded in cash' })).toEqual({ ok: true, value: null });
    expect((await api.getSnapshot()).attention.map((e) => e.id)).not.toContain(entry!.id);
    await live.pos.waitForEvent((e) => e.type === 'attention' && e.seq > pushedWith.seq && !holds(e, entry!.id), 'the list without it');
    expect(
      pushedLists(live.pos.events)
        .at(-1)
        ?.map((e) => e.id),
    ).not.toContain(entry!.id);
    const again = await api.resolveAttention({ entryId: entry!.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', action: 'resolveAttention' } });
  });

  it('retryRecovery asks the service about a payment it abandoned and unlocks the bill; an ended payment is refused by code with its table', async () => {
    const api = live.pos.companion.api;
    await live.pos.pos.seed('a2', 'ba2', [BEER]);
    live.sandbox.injectFault({ kind: 'abandon-payment' });
    const abandoned = await live.sandbox.guestPay({ idTable: 'a2', items: [{ id: 'beer', quantity: '1' }] });
    expect(abandoned.outcome).toBe('cancelled');
    const bill = await live.pos.pos.bill('ba2');
    expect(bill.body.items[0]).toMatchObject({ lockedQuantity: '1' });

    const retried = await api.retryRecovery({ paymentId: abandoned.payment.id });
    expect(retried).toMatchObject({ ok: true, value: { outcome: 'unlocked', payment: { id: abandoned.payment.id, state: 'CANCELLED' } } });
    expect((await live.pos.pos.bill('ba2')).body.items[0]).toMatchObject({ lockedQuantity: '0' });

    const ended = await api.retryRecovery({ paymentId: abandoned.payment.id });
    expect(ended).toMatchObject({ ok: false, error: { code: 'NOT_PENDING', action: 'retryRecovery', params: { table: 'Table a2' } } });
    const release = await api.releaseLock({ paymentId: abandoned.payment.id });
    expect(release).toMatchObject({ ok: false, error: { code: 'NOT_PENDING', action: 'releaseLock' } });
  });

  it('bad input is refused at the command edge, naming the field', async () => {
    const { runCommand } = await import('../../main/adapters/ui-bridge/command-schemas.js');
    const answer = await runCommand(live.pos.companion.api, 'resolveAttention', { entryId: 'settled-bill:x', note: 'n'.repeat(501) });
    expect(answer).toMatchObject({ ok: false, error: { code: 'BAD_INPUT', params: { field: 'note' }, action: 'resolveAttention' } });
  });
});
