import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_BYTES, MAX_BILL_BYTES } from '../../main/base/wire/index.js';
import { BEER, liveCompanion, type Kind } from './helpers/harness.js';

/**
 * 2,000 lines of long names: under the POS API's 1 MiB, whose answer to the service is over what one
 * message carries. One bill that large is refused (bill-limits.test.ts): three bills of one table,
 * each within the limits, make the same answer.
 */
const hugeItems = Array.from({ length: 2_000 }, (_, i) => ({
  id: `item-${i}`,
  name: `${'x'.repeat(450)}-${String(i).padStart(5, '0')}`,
  price: '1.00',
  quantity: '1',
}));

describe.each<Kind>(['ws', 'longpoll'])('an answer too large for one message, over %s', (kind) => {
  const live = liveCompanion(kind);

  it('is answered with an error; the connection, the service and the next scan carry on', async () => {
    const thirds = [0, 1, 2].map((n) => hugeItems.slice(n * 667, (n + 1) * 667));
    for (const [n, items] of thirds.entries()) {
      expect(JSON.stringify(items).length).toBeLessThan(MAX_BILL_BYTES);
      await live.pos.pos.seed('huge', `huge-bill-${n}`, items);
    }
    expect(JSON.stringify(hugeItems).length).toBeLessThan(1024 * 1024);
    const scan = await live.sandbox.callPos('getTableContents', ['huge', null]);
    expect(scan).toMatchObject({
      error: { code: 'INTERNAL_ERROR', message: expect.stringContaining(`larger than one message may carry (${MAX_ANSWER_BYTES} bytes)`) },
    });

    // Nothing died: the same connection answers the next guest.
    await live.pos.pos.seed('small', 'small-bill', [BEER]);
    const next = (await live.sandbox.callPos('getTableContents', ['small', null])) as { result: { id: string }[] };
    expect(next.result.map((b) => b.id)).toEqual(['small-bill']);
    const snapshot = await live.pos.companion.api.getSnapshot();
    expect(snapshot.connection.status).toBe('connected');
  });
});
