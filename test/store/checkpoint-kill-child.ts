/**
 * Child process of checkpoint-kill.test.ts: a real store (its WAL checkpointed by the worker thread,
 * at the default limits) and the real method dispatcher on the file named by argv[2]. Guests pay one
 * after another, each on its own 40-line bill, until the parent kills the process; each payment's
 * acknowledgement is printed once paymentProcessed answered, and each checkpoint request is printed
 * the moment it is posted to the worker (fs.writeSync: no buffering), so the parent can kill the
 * process while the worker copies the WAL into the database file.
 */
import { writeSync } from 'node:fs';
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { createMethodDispatcher } from '../../main/adapters/connection/methods-index.js';
import { openTestStore } from './test-store.js';
import { wirePayment } from './helpers.js';

const file = process.argv[2]!;
const say = (line: object) => writeSync(1, `${JSON.stringify(line)}\n`);
const store = openTestStore({
  file,
  clock: systemClock,
  onCheckpoint: (e) => say(e.type === 'asked' ? { checkpoint: 'asked', walBytes: e.walBytes } : { checkpoint: e.type }),
});
const dispatcher = createMethodDispatcher({ store, log: silentLogger(), clock: systemClock });
const lines = Array.from({ length: 40 }, (_, i) => ({ id: `l${i}`, name: `Line ${i} of the guest's bill`, price: '62.50', quantity: '2' }));

// Bounded: the parent kills the process long before (a checkpoint is asked every ~4 MiB of WAL).
for (let g = 0; g < 5_000; g++) {
  store.upsertTable({ id: `t${g}`, name: `Table ${g}` });
  store.putBill({ id: `b${g}`, tableId: `t${g}`, name: null, currency: 'CZK', items: lines });
  const pay = [{ id: 'l0', price: '62.50', quantity: '1' }];
  const started = await dispatcher.handle('paymentStart', [wirePayment(`p${g}`, pay, { idBill: `b${g}` })]);
  const processed = await dispatcher.handle('paymentProcessed', [`p${g}`]);
  if ('error' in started || 'error' in processed) throw new Error(`payment p${g} refused`);
  say({ acked: `p${g}` });
}
say({ done: true });
store.close();
