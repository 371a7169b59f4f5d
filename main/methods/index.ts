export { createMethodDispatcher } from './method-dispatcher.js';
export { toWireBill } from './wire-bill.js';
export type { MethodDispatcher, MethodOutcome, TransportKind } from './types.js';
