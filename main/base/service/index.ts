/** The REST client of the payment service: see README.md. */
export { createServiceClient, DEFAULT_SERVICE_NAME, type ServiceClient, type ServiceClientOptions } from './service-client.js';
export { MESSAGES, SERVICE_ERROR, type ServiceErrorCode, type ServiceFailure, type ServiceResult } from './service-result.js';
export type { RawAnswer } from './service-http.js';
export type { OrderStatusValue, QrImageFormat } from './pos-endpoints.js';
export { ESHOP_PATHS, type OrderRef } from './eshop-endpoints.js';
