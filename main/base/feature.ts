import type { CommandApi } from '../../preload/commands.js';
import type { Snapshot } from '../../preload/views.js';
import type { Route } from './http-route.js';

/**
 * What a feature hands to the composition root, in one record: its cashier commands, its part of
 * the snapshot and its POS API routes. `app/` joins the records and keeps no list of its own.
 * `Ctx` is what the feature needs from the root; the root's context must satisfy every feature's.
 * Records are written `{ ... } satisfies Feature<Ctx>`, which keeps their exact command keys.
 */
export interface Feature<Ctx, RouteStore = never> {
  readonly name: string;
  readonly commands?: (ctx: Ctx) => Partial<CommandApi>;
  readonly snapshot?: (ctx: Ctx) => Partial<Snapshot>;
  readonly routes?: readonly Route<RouteStore>[];
}
