import type { Feature } from '../../base/feature.js';
import type { BillsStore, PaymentsStore, StoreEngine } from '../../store/index.js';
import { billCommands, type BillCommandDeps } from './bill-commands.js';
import type { PosApiStore } from './pos-api-contract.js';
import { billRoutes } from './pos-api.js';
import { billViews, tableViews } from './views.js';

/** Bills and tables: the cashier's commands, the floor's views and the POS API's bill routes. */
export const billsFeature = {
  name: 'bills',
  commands: billCommands,
  snapshot: ({ store }: { store: BillsStore & PaymentsStore & StoreEngine }) => ({
    tables: tableViews(store),
    bills: [...billViews(store, { state: 'OPEN' }), ...billViews(store, { state: 'PAID' })],
  }),
  routes: billRoutes,
} satisfies Feature<BillCommandDeps, PosApiStore>;
