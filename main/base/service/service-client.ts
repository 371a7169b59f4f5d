import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import { eshopEndpoints, type EshopEndpoints } from './eshop-endpoints.js';
import { posEndpoints, type PosEndpoints } from './pos-endpoints.js';
import { ServiceHttp } from './service-http.js';
import { v4Endpoints, type V4Endpoints } from './v4-endpoints.js';

export interface ServiceClientOptions {
  /** e.g. https://sandbox.example.com or the embedded sandbox's http://127.0.0.1:<port> */
  baseUrl: string;
  apiKey: string;
  posId: string;
  /** Accept-Language of the service's error texts; default en. */
  language?: string;
  /** Per request; default 10 s. */
  timeoutMs?: number;
  /** Runs the request time-outs; default the system clock. */
  clock?: Clock;
  /** `<svc>` of the order-status paths; default "qerko". */
  serviceName?: string;
  log: Logger;
  fetch?: typeof fetch;
}

/** Every REST call of the service: the v2 POS endpoints, the e-shop ones and the v4 webhook ones. */
export interface ServiceClient extends PosEndpoints, EshopEndpoints, V4Endpoints {}

export const DEFAULT_SERVICE_NAME = 'qerko';

/** A typed method for every REST endpoint of the interface document; each answers a ServiceResult. */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const http = new ServiceHttp(options);
  return {
    ...posEndpoints(http, options.serviceName ?? DEFAULT_SERVICE_NAME),
    ...eshopEndpoints(http),
    ...v4Endpoints(http),
  };
}
