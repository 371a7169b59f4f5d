import type { CompanionEvent, Language } from '../../preload/contract.js';
import type { ShellPorts } from '../base/host-types.js';
import type { Push } from '../adapters/ui-bridge/event-fanout.js';
import { osNotificationText, osOrderNotificationText } from '../adapters/ui-bridge/os-notification-text.js';

type EventType = CompanionEvent['type'];

export interface UiEvents {
  /** Numbers an event and hands it to the listeners that take it (and a new notice to the OS). */
  push: Push;
  /** The number of the last event pushed. */
  seq: () => number;
  /** Some listener takes events of this type: worth making them (event-fanout.ts, the attention watcher). */
  wants: (type: EventType) => boolean;
  /** Every event, or only those of `types`. */
  subscribe(listener: (event: CompanionEvent) => void, types?: readonly EventType[]): () => void;
  /** Drops every listener, and every `onListeners` watcher. */
  clear: () => void;
  /** Calls `fn` after a listener came or went (what `wants` answers may have changed). */
  onListeners(fn: () => void): () => void;
}

/**
 * Events to the renderer: numbered in the order they happen (the snapshot's `seq` says which it
 * already holds), handed to every listener, and a new notice also becomes an OS notification in
 * the cashier's language when the shell can show one.
 */
export function createUiEvents(shell: ShellPorts, language: () => Language): UiEvents {
  let seq = 0;
  // Each listener with the event types it asked for (null: all of them).
  const listeners = new Map<(event: CompanionEvent) => void, ReadonlySet<EventType> | null>();
  const watchers = new Set<() => void>();
  const changed = () => {
    for (const fn of [...watchers]) fn();
  };
  const wants = (type: EventType): boolean => {
    for (const types of listeners.values()) if (types === null || types.has(type)) return true;
    return false;
  };
  const push: Push = (event) => {
    // Object.assign, not a spread: one per event to the screen (docs/decisions/005-hot-paths-and-the-gc.md).
    const numbered: CompanionEvent = Object.assign({}, event, { seq: ++seq });
    for (const [listener, types] of [...listeners]) if (types === null || types.has(numbered.type)) listener(numbered);
    // A notice pushed again because it changed (marked refunded) is not news for the OS.
    if (numbered.type === 'notice' && !numbered.notice.acknowledged && !numbered.notice.refunded && shell.notify) {
      const text = osNotificationText(numbered.notice, language());
      shell.notify(text.title, text.body);
    }
    // A guest's order as it arrives (its first event: nothing changed it
    // since it came), so a later change (paid, a restart replaying it) does not ring the OS again.
    if (numbered.type === 'order' && numbered.order.status === 'NEW' && numbered.order.created === numbered.order.updated && shell.notify) {
      const text = osOrderNotificationText(numbered.order, language());
      shell.notify(text.title, text.body);
    }
  };
  return {
    push,
    seq: () => seq,
    /** Some listener takes events of this type: worth making them (event-fanout.ts, the attention watcher). */
    wants,
    /** Every event, or only those of `types`. */
    subscribe(listener: (event: CompanionEvent) => void, types?: readonly EventType[]): () => void {
      listeners.set(listener, types ? new Set(types) : null);
      changed();
      return () => {
        listeners.delete(listener);
        changed();
      };
    },
    clear: () => {
      listeners.clear();
      changed();
      watchers.clear();
    },
    onListeners(fn) {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
  };
}
