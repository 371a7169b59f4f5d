import type { Feature } from '../../base/feature.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { createAttentionCommands, type AttentionCommandDeps } from './attention-commands.js';
import { listAttention } from './attention-list.js';
import { attentionRoutes } from './pos-api.js';

/** Needs attention: the list on screen, what resolves an entry, and the POS API's routes. */
export const attentionFeature = {
  name: 'attention',
  commands: createAttentionCommands,
  snapshot: ({ store, clock }: Pick<AttentionCommandDeps, 'store' | 'clock'>) => ({ attention: listAttention(store.read, clock.now()) }),
  routes: attentionRoutes,
} satisfies Feature<AttentionCommandDeps, PosApiStore>;
