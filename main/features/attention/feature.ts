import type { Feature } from '../../base/feature.js';
import type { PosApiStore } from '../bills/pos-api-contract.js';
import { attentionNow, createAttentionCommands, type AttentionCommandDeps } from './attention-commands.js';
import { listAttention } from './attention-list.js';
import { attentionRoutes } from './pos-api.js';

/** Needs attention: the list on screen, what resolves an entry, and the POS API's routes. */
export const attentionFeature = {
  name: 'attention',
  commands: createAttentionCommands,
  snapshot: (deps: Pick<AttentionCommandDeps, 'store' | 'clock' | 'unsyncedAfterMs'>) => ({ attention: listAttention(deps.store.read, attentionNow(deps)) }),
  routes: attentionRoutes,
} satisfies Feature<AttentionCommandDeps, PosApiStore>;
