/** The connection's recent states, newest last, for the support bundle: what the session did before the call. */
export interface StateHistory<T = unknown> {
  record(state: T): void;
  list(): { at: number; state: T }[];
}

export const STATE_HISTORY_SIZE = 100;

/** A ring buffer of the last `capacity` states, each with the time it was recorded. */
export function createStateHistory<T = unknown>(options: { capacity?: number; now?: () => number } = {}): StateHistory<T> {
  const capacity = options.capacity ?? STATE_HISTORY_SIZE;
  const now = options.now ?? Date.now;
  const ring: { at: number; state: T }[] = new Array<{ at: number; state: T }>(capacity);
  let next = 0;
  let size = 0;
  return {
    record(state) {
      ring[next] = { at: now(), state };
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    list() {
      const start = (next - size + capacity) % capacity;
      return Array.from({ length: size }, (_, i) => ring[(start + i) % capacity]!);
    },
  };
}

/** Records every session state the core pushes (one line at each host); returns the history. */
export function recordConnectionStates<T>(
  api: { onEvent(listener: (event: { type: string; connection?: T }) => void, types: readonly ['connection']): unknown },
  history: StateHistory<T> = createStateHistory<T>(),
): StateHistory<T> {
  // Session events only: this history shows no views, so it must not make the core build them.
  api.onEvent(
    (event) => {
      if (event.type === 'connection' && event.connection !== undefined) history.record(event.connection);
    },
    ['connection'],
  );
  return history;
}
