import type { MethodDispatcher, MethodOutcome } from '../../../main/base/method-types.js';

type Script = (args: unknown[]) => MethodOutcome | Promise<MethodOutcome>;

/**
 * A plain MethodDispatcher whose answers the test scripts per method, recording every call so
 * a test can assert that a rejected delivery never reached it.
 */
export class ScriptedDispatcher implements MethodDispatcher {
  readonly calls: { method: string; args: unknown[]; callId: string | null | undefined }[] = [];
  private readonly scripts = new Map<string, Script>();
  private readonly waiters: { n: number; resolve: () => void }[] = [];

  on(method: string, script: Script): this {
    this.scripts.set(method, script);
    return this;
  }

  async handle(method: string, args: unknown[], context?: { callId?: string | null }): Promise<MethodOutcome> {
    this.calls.push({ method, args, callId: context?.callId });
    for (const w of this.waiters.filter((x) => this.calls.length >= x.n)) w.resolve();
    const script = this.scripts.get(method);
    if (!script) return { error: { code: 'METHOD_NOT_SUPPORTED', message: `${method} is not scripted` } };
    return script(args);
  }

  /** Resolves once `n` calls have arrived. */
  waitForCalls(n: number): Promise<void> {
    if (this.calls.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ n, resolve }));
  }
}

/** A promise a test resolves by hand: a handler that finishes when the test says so. */
export function gate<T>(): { promise: Promise<T>; open(value: T): void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}
