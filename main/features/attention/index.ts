/** Needs attention: everything not settled and what resolves it. See README.md. */
export { listAttention, findEntry, sourceOf } from './attention-list.js';
export {
  acknowledge,
  releaseLock,
  retryRecovery,
  recordCapture,
  recordRefundFailure,
  MAX_NOTE_LENGTH,
  type AttentionRefusal,
  type AttentionResult,
} from './attention-actions.js';
export { createAttentionCommands, type AttentionCommandDeps } from './attention-commands.js';
export { createAttentionWatcher, ATTENTION_PUSH_MS, ATTENTION_RECHECK_MS, type AttentionWatcher } from './attention-watcher.js';
export { ATTENTION_SOURCES } from './registry.js';
export { posUnsyncedSource } from './sources/pos-unsynced.js';
export { LOCK_LIMIT_MS, SILENCE_LIMIT_MS } from './sources/payment-timing.js';
export type { AttentionSource, AttentionContext, SourceRow } from './sources/source.js';
export { posSyncFacts } from './pos-sync.js';
export { DEFAULT_UNSYNCED_AFTER_MS } from './sources/source.js';
