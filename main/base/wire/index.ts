/**
 * The wire format of docs/PROTOCOL.md: types and tolerant parsers, shared by the companion and the
 * sandbox. It imports nothing else of ours, so the sandbox may depend on it.
 */
export * from './primitives.js';
export * from './records.js';
export * from './calls.js';
export * from './ws-frames.js';
export * from './webhook.js';
export * from './rest.js';
export * from './orders.js';
export * from './parse.js';
export * from './tick-cork.js';
export { Settlement } from './settlement.js';
export * from './bill-limits.js';
