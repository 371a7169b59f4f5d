import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openReferencePos } from './pos.js';

/**
 * The reference POS from the command line, against a running Tableside:
 *   npx tsx examples/pos-client/main.ts open   --url http://127.0.0.1:4100 --token-file <dataDir>/pos-api-token
 *   npx tsx examples/pos-client/main.ts follow ...   (handles events until Ctrl-C; resumes from its cursor)
 *   npx tsx examples/pos-client/main.ts close  ...   (settles and closes every bill still open)
 * --state-dir (default .pos-client) keeps the cursor and the POS's records between runs.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:4100' },
    'token-file': { type: 'string' },
    token: { type: 'string' },
    'state-dir': { type: 'string', default: '.pos-client' },
  },
});
const token = values.token ?? (values['token-file'] ? readFileSync(values['token-file'], 'utf8').trim() : process.env.TABLESIDE_POS_TOKEN);
if (!token) throw new Error('Give the POS API token: --token-file <dataDir>/pos-api-token, --token, or TABLESIDE_POS_TOKEN.');
const pos = openReferencePos({ url: values.url, token, stateDir: values['state-dir'], log: (line) => process.stdout.write(`${line}\n`) });

const DEMO_EVENING = {
  evening: new Date().toISOString().slice(0, 10),
  menu: [
    {
      id: 'drinks',
      name: 'Drinks',
      items: [
        { id: 'beer', name: 'Beer 0.5 l', price: '62.50' },
        { id: 'lemonade', name: 'Lemonade', price: '45' },
      ],
    },
  ],
  tables: [{ id: 't1', name: 'Table 1' }],
  bills: {
    b1: { id: 'b1', tableId: 't1', name: null, currency: 'CZK', closed: false, items: [{ id: 'beer', name: 'Beer 0.5 l', price: '62.50', quantity: '2' }] },
  },
};

switch (positionals[0]) {
  case 'open':
    await pos.openEvening(DEMO_EVENING);
    break;
  case 'follow': {
    let stopped = false;
    process.on('SIGINT', () => (stopped = true));
    while (!stopped) {
      await pos.syncEvents();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    break;
  }
  case 'close':
    await pos.syncEvents();
    await pos.closeEvening();
    break;
  default:
    process.stderr.write('usage: main.ts open|follow|close [--url U] [--token-file F] [--state-dir D]\n');
    process.exitCode = 2;
}
