import type { PosHandler } from './scripted-pos.js';
import { CallLog } from './scripted-pos.js';
import type { PosCredentials } from './pos-http.js';

/** A POS on the long-poll transport: polls, runs each call with the handler, sends the answer with the next poll. */
export class PollingPos extends CallLog {
  /** Status of every poll answer, in order. */
  readonly statuses: number[] = [];
  private readonly abort = new AbortController();
  private stopped = false;
  readonly done: Promise<void>;

  constructor(
    private readonly creds: PosCredentials,
    private readonly handler: PosHandler,
    /** Stop looping on the first non-200 answer (409, 401, 503), as a real POS would back off. */
    private readonly maxPolls = 10_000,
  ) {
    super();
    this.done = this.loop();
  }

  private async loop(): Promise<void> {
    let answer: unknown = undefined;
    for (let i = 0; i < this.maxPolls && !this.stopped; i++) {
      let res: Response;
      try {
        res = await fetch(`${this.creds.url}/api/v2/pos/poll`, {
          method: 'POST',
          headers: { authorization: `Bearer ${this.creds.apiKey}`, 'pos-id': this.creds.posId, 'content-type': 'application/json' },
          body: answer === undefined ? '' : JSON.stringify(answer),
          signal: this.abort.signal,
        });
      } catch {
        if (this.stopped) return;
        this.statuses.push(0); // socket dropped by the sandbox: poll again, as a POS would
        continue;
      }
      answer = undefined;
      const text = await res.text().catch(() => null);
      this.statuses.push(res.status);
      if (res.status !== 200) return;
      if (text === null) continue;
      const call = this.record(text);
      if (!call || call.uuid === null) continue;
      const outcome = await this.handler(call.method, call.args, call.raw);
      if (outcome !== 'no-answer') answer = { uuid: call.uuid, ...outcome };
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.abort.abort();
    await this.done;
  }
}
