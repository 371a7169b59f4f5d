import { assemblePosApi, startPosApi as startServer, type PosApi, type PosApiOptions } from '../adapters/pos-api/index.js';
import { FEATURE_ROUTES } from './features.js';

/** The local POS API: the server and the OpenAPI document are both made from the features' routes. */
export const POS_API = assemblePosApi(FEATURE_ROUTES);

export const POS_API_ROUTES = POS_API.routes;
export const openApiDocument = POS_API.document;

export type { PosApi };

/** The POS API server with every feature's routes. */
export function startPosApi(options: Omit<PosApiOptions, 'api'>): Promise<PosApi> {
  return startServer({ ...options, api: POS_API });
}
