import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../main/base/clock.js';
import { openTestStore, type TestStore } from '../store/test-store.js';
import { KEEP_DELIVERIES_MS } from '../../main/adapters/connection/transport/webhook/webhook-transport.js';
import { ReceiverHarness } from './helpers/receiver-harness.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('recorded webhook deliveries', () => {
  let h: ReceiverHarness;
  let store: TestStore;
  afterEach(async () => {
    await h.close();
    store.close();
  });

  it('are kept a week for replays and forgotten after, when the receiver starts', async () => {
    h = new ReceiverHarness();
    const clock = new ManualClock(h.clock.now() - 8 * DAY_MS);
    // The real bill store behind the receiver, as the companion wires it.
    store = openTestStore({ file: join(h.dir, 'bills.sqlite'), clock });
    store.recordDelivery('old', { result: null });
    clock.advance(KEEP_DELIVERIES_MS - DAY_MS); // 2 days ago
    store.recordDelivery('recent', { result: 'kept' });
    clock.advance(2 * DAY_MS);

    await h.start({ store });
    expect(store.getDelivery('old')).toBeNull();
    expect(store.getDelivery('recent')).toMatchObject({ outcome: { result: 'kept' } });

    // A retry of the kept one is still answered from the record, never run again.
    const retry = await h.post(h.signed('getBill', ['b1', null], { id: 'recent' }));
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ result: 'kept' });
    expect(h.dispatcher.calls).toEqual([]);
  });
});
