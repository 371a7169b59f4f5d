/** Public entry of the sandbox payment service (see README.md). */
export { startSandbox, SandboxRequestError } from './sandbox.js';
export type {
  Sandbox,
  SandboxOptions,
  SandboxRestaurant,
  FaultRequest,
  GuestPayRequest,
  GuestPayResult,
  GuestOrderRequest,
  GuestOrderResult,
  ServiceOrder,
} from './types.js';
export { ORDER_DECISION_MS } from './core/order-records.js';
export type { GuestStep, GuestOutcome } from './core/guest-schemas.js';
export type { PosChannel, CallOutcome, ChannelKind } from './core/pos-channel.js';
export { FAULT_KINDS, type FaultKind } from './core/faults.js';
