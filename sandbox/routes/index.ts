import type { SandboxCore } from '../core/core.js';
import type { Route, RouteFactory } from '../http/route-types.js';
import { controlRoutes } from './control.js';
import { eshopLinkRoutes } from './eshop-links.js';
import { eshopOrderRoutes } from './eshop.js';
import { guestPageRoutes } from './guest-page.js';
import { paymentRoutes } from './payments.js';
import { orderRoutes } from './orders.js';
import { pollRoutes } from './poll.js';
import { posInfoRoutes } from './pos-info.js';
import { qrRoutes } from './qr.js';
import { v4WebhookRoutes } from './v4-webhooks.js';

/** Every route family of the sandbox. A new family (e.g. v4 webhooks) = one file + one line here. */
export const ROUTE_FACTORIES: RouteFactory[] = [
  paymentRoutes,
  pollRoutes,
  qrRoutes,
  posInfoRoutes,
  eshopOrderRoutes,
  eshopLinkRoutes,
  controlRoutes,
  v4WebhookRoutes,
  orderRoutes,
  guestPageRoutes,
];

export function buildRoutes(core: SandboxCore): Route[] {
  return ROUTE_FACTORIES.flatMap((f) => f(core));
}
