export { recoverPayments, awaitingCapture, DEFAULT_LOCK_TIMEOUT_MS, type RecoveryOptions, type RecoverySummary } from './recover-payments.js';
