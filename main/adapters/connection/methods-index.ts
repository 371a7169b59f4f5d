export { createMethodDispatcher } from './method-dispatcher.js';
export { toWireBill } from '../../features/bills/wire-bill.js';
export type { MethodDispatcher, MethodOutcome, TransportKind } from '../../base/method-types.js';
