import { assemblePosApi, startPosApi as startServer, type PosApi, type PosApiOptions } from '../adapters/pos-api/index.js';
import { attentionRoutes } from '../features/attention/pos-api.js';
import { billRoutes } from '../features/bills/pos-api.js';
import { orderRoutes } from '../features/orders/pos-api.js';
import { paymentRoutes } from '../features/payments/pos-api.js';
import { receiptRoutes } from '../features/receipts/pos-api.js';
import { reportRoutes } from '../features/reports/pos-api.js';

/**
 * The local POS API's routes: each feature's own list (its main/features/<feature>/pos-api.ts),
 * joined here and nowhere else. The server and the OpenAPI document are both made from this.
 */
export const POS_API = assemblePosApi([billRoutes, paymentRoutes, reportRoutes, orderRoutes, attentionRoutes, receiptRoutes]);

export const POS_API_ROUTES = POS_API.routes;
export const openApiDocument = POS_API.document;

export type { PosApi };

/** The POS API server with every feature's routes. */
export function startPosApi(options: Omit<PosApiOptions, 'api'>): Promise<PosApi> {
  return startServer({ ...options, api: POS_API });
}
