export { createWebhookTransport } from './webhook-transport.js';
export { createV4ServiceClient, v4ClientOver } from './service-client.js';
export type { DeliveryStore, ReplyBody, V4ServiceClient, WebhookTransport, WebhookTransportOptions } from './types.js';
