export { recoverPayments, awaitingCapture, DEFAULT_LOCK_TIMEOUT_MS, type RecoveryOptions, type RecoverySummary } from './recover-payments.js';
export { StalledPayments, STALL_SILENCE_MS, STALL_RECHECK_MS, type StalledPaymentsOptions } from './stalled-payments.js';
export { paymentLookup } from './payment-lookup.js';
