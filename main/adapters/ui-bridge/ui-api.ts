import type { CompanionApi, CompanionEvent, Snapshot } from '../../../preload/contract.js';
import { COMMAND_NAMES } from '../../../preload/names.js';
import type { Feature } from '../../base/feature.js';

/** What the bridge itself serves: the event stream and its sequence number. */
export interface UiBridgePorts {
  subscribe(listener: (event: CompanionEvent) => void, types?: readonly CompanionEvent['type'][]): () => void;
  seq(): number;
}

/**
 * CompanionApi from the features' records: each command comes from exactly one feature, and the
 * snapshot is every feature's part. A command no feature serves, or two that serve one, stops the
 * start here rather than answering the cashier "unknown command" later.
 */
export function createUiApi<Ctx>(features: readonly Feature<Ctx, unknown>[], ctx: Ctx, bridge: UiBridgePorts): CompanionApi {
  const commands: Record<string, unknown> = {};
  for (const feature of features) {
    for (const [name, handler] of Object.entries(feature.commands?.(ctx) ?? {})) {
      if (name in commands) throw new Error(`command ${name} is served by two features (the second: ${feature.name})`);
      commands[name] = handler;
    }
  }
  const missing = COMMAND_NAMES.filter((name) => !(name in commands));
  if (missing.length > 0) throw new Error(`no feature serves ${missing.join(', ')}`);
  return {
    ...(commands as Omit<CompanionApi, 'getSnapshot' | 'onEvent'>),
    getSnapshot: async () => {
      // The sequence number first: an event after it is re-sent, never missed.
      const seq = bridge.seq();
      return Object.assign({ seq }, ...features.map((f) => f.snapshot?.(ctx) ?? {})) as Snapshot;
    },
    onEvent: (listener, types) => bridge.subscribe(listener, types),
  };
}
