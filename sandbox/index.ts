/** Public entry of the sandbox payment service (see README.md). */
export { startSandbox, SandboxRequestError } from './sandbox.js';
export type { Sandbox, SandboxOptions, SandboxRestaurant, FaultRequest, GuestPayRequest, GuestPayResult } from './types.js';
export type { GuestStep, GuestOutcome } from './guest/guest-schemas.js';
export type { PosChannel, CallOutcome, ChannelKind } from './channels/types.js';
export { FAULT_KINDS, type FaultKind } from './faults.js';
