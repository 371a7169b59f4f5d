/**
 * Child process of durability-ack.test.ts: a real store and the real method dispatcher on the file
 * named by argv[2]. `guests` payments start at once, then are processed at once (one group commit);
 * each acknowledgement is printed the moment it is released, with the process's count of completed
 * fsyncs read from the LD_PRELOAD counter (test/bench/fsync-counter.ts) just before the calls and
 * at the acknowledgement. The parent kills this process on the first acknowledgement line.
 */
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { openTestStore } from './test-store.js';
import { readFsyncCounter } from '../bench/fsync-counter.js';
import { seedBill, wirePayment } from './helpers.js';

const file = process.argv[2]!;
const guests = Number(process.argv[3]);
const counterFile = process.env.BENCH_FSYNC_COUNTER!;
/** fsyncs that have returned: a flush that is done, not one that has only begun on the threadpool. */
const fsyncs = (): number => readFsyncCounter(counterFile).completed;
const store = openTestStore({ file, clock: systemClock });
const ids = Array.from({ length: guests }, (_, g) => g);
for (const g of ids) seedBill(store, `b${g}`, `t${g}`);
const dispatcher = createMethodDispatcher({ store, log: silentLogger(), clock: systemClock });
const beer = [{ id: 'beer', price: '62.50', quantity: '1' }];
await Promise.all(ids.map((g) => dispatcher.handle('paymentStart', [wirePayment(`p${g}`, beer, { idBill: `b${g}` })])));
const before = fsyncs();
await Promise.all(
  ids.map(async (g) => {
    const outcome = await dispatcher.handle('paymentProcessed', [`p${g}`]);
    // Synchronously, in the same turn the answer was released: nothing else runs in between.
    process.stdout.write(`${JSON.stringify({ acked: `p${g}`, ok: !('error' in outcome), before, atAck: fsyncs() })}\n`);
  }),
);
process.stdout.write(`${JSON.stringify({ done: true, fsyncs: fsyncs() - before })}\n`);
store.close();
