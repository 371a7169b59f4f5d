/**
 * Child process of put-durable.test.ts: a real store on the file named by argv[2] behind the real
 * POS API on 127.0.0.1, run with the LD_PRELOAD fsync counter (test/bench/fsync-counter.ts), which
 * the parent reads from its shared file. Prints `{"url": ...}` once listening; stops on SIGTERM.
 */
import { systemClock } from '../../main/base/clock.js';
import { silentLogger } from '../../main/base/log.js';
import { startPosApi } from '../../main/app/pos-api.js';
import { openTestStore } from '../store/test-store.js';

const store = openTestStore({ file: process.argv[2]!, clock: systemClock });
store.upsertTable({ id: 't1', name: 'Table 1' });
const api = await startPosApi({ store, port: 0, token: process.argv[3]!, log: silentLogger(), clock: systemClock });
process.stdout.write(`${JSON.stringify({ url: api.url })}\n`);
process.once('SIGTERM', () => {
  void api.close().then(() => {
    store.close();
    process.exit(0);
  });
});
