// on-exit-leak-free ships no types: the part of its API the logger uses (on-exit-leak-free 2).
declare module 'on-exit-leak-free' {
  /**
   * Calls `fn(obj, event)` on the process's 'exit' and 'beforeExit', for as long as `obj` lives
   * (held by a WeakRef: a logger that is gone does not keep a listener).
   */
  export function register<T extends object>(obj: T, fn: (obj: T, event: 'exit' | 'beforeExit') => void): void;
  export function unregister(obj: object): void;
}
