import { setTimeout as delay } from 'node:timers/promises';
import { METHOD_ERROR, parseJson, parseWith, WebhookAnswer, WEBHOOK_MAX_ATTEMPTS } from '../../main/base/wire/index.js';
import type { SandboxCore } from '../core/core.js';
import { withUnknownFields, type FaultRecord } from '../core/faults.js';
import { newId } from '../core/ids.js';
import type { CallOutcome, PosChannel } from '../core/pos-channel.js';
import { signDelivery, type SigningDefect } from './sign-delivery.js';
import { DeliveryLog, takeWebhookFault, type DeliveryLogEntry } from './delivery-log.js';

export interface WebhookChannelOptions {
  /** Per attempt: time for a 200, or for the /reply after a 202 (15 s). */
  budgetMs: number;
  /** Periodic ping; 0 = off. */
  pingIntervalMs: number;
}

interface Attempt {
  status: number | null;
  outcome: CallOutcome | 'retry';
}

/**
 * The service calling one restaurant's POS by v4 webhooks: each call is a signed POST to the
 * configured URL; 200 answers at once, 202 means the outcome comes through /reply; a 500 is
 * retried with the same delivery id, three attempts at most; past the budget a delivery is stale.
 */
export class WebhookChannel implements PosChannel {
  readonly kind = 'webhook' as const;
  readonly since = Date.now();
  readonly key: string;
  readonly log = new DeliveryLog(100);
  private readonly waiting = new Map<string, (o: CallOutcome) => void>();
  private pingTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly core: SandboxCore,
    readonly restaurantId: string,
    readonly posId: string,
    readonly webhookUrl: string,
    private readonly apiKey: string,
    private readonly options: WebhookChannelOptions,
  ) {
    this.key = `webhook-${restaurantId}`;
    if (options.pingIntervalMs > 0) {
      this.pingTimer = setInterval(() => void this.deliver('ping', []), options.pingIntervalMs);
      this.pingTimer.unref();
    }
  }

  isLive(): boolean {
    return !this.closed;
  }

  call(method: string, args: unknown[]): Promise<CallOutcome> {
    return this.deliver(method, args);
  }

  /** An outcome brought by POST /api/v4/pos/reply; false when no delivery waits for that id. */
  settleReply(id: string, outcome: CallOutcome): boolean {
    const resolve = this.waiting.get(id);
    if (!resolve) return false;
    this.waiting.delete(id);
    this.core.state.counters.responsesReceived += 1;
    resolve(outcome);
    return true;
  }

  /** Sends one event and returns its outcome (a sandbox-made error when the POS did not give one). */
  async deliver(event: string, args: unknown[], fixedId?: string): Promise<CallOutcome> {
    const id = fixedId ?? newId();
    const isCall = event !== 'ping' && event !== 'error';
    const wait = this.core.takeDelay(this.restaurantId, `webhook delivery of ${event}`);
    if (wait > 0) await delay(wait);
    if (takeWebhookFault(this.core, this.restaurantId, 'webhook-unknown-event', `before ${event}`)) {
      await this.attempt(id === fixedId ? newId() : `${id}-unknown`, 'sandboxUnknownEvent', [], 1, null);
    }
    const defect: SigningDefect | 'stale-created' | 'past-expires' | null = this.takeDefect(event);
    const replay = takeWebhookFault(this.core, this.restaurantId, 'webhook-replay', `replay of ${event} ${id}`);
    if (isCall) this.core.state.counters.callsSent += 1;
    let outcome: CallOutcome | null = null;
    for (let n = 1; n <= WEBHOOK_MAX_ATTEMPTS && outcome === null && !this.closed; n++) {
      const r = await this.attempt(id, event, args, n, n === 1 ? defect : null);
      if (r.outcome !== 'retry') outcome = r.outcome;
    }
    outcome ??= { error: { code: 'WEBHOOK_FAILED', message: `The POS answered 500 to ${event} ${WEBHOOK_MAX_ATTEMPTS} times.` } };
    if (replay && !('error' in outcome && outcome.error.code === 'TIMEOUT')) {
      const again = await this.attempt(id, event, args, 1, null, true);
      const same = again.outcome !== 'retry' && JSON.stringify(again.outcome) === JSON.stringify(outcome);
      this.log.note(id, same ? 'replay answered the stored outcome' : 'replay answered differently');
    }
    if ('error' in outcome && ['TIMEOUT', 'CONNECTION_LOST', 'WEBHOOK_FAILED'].includes(outcome.error.code) && isCall)
      this.core.state.counters.callsFailed += 1;
    return outcome;
  }

  private takeDefect(event: string): SigningDefect | 'stale-created' | 'past-expires' | null {
    for (const [kind, defect] of [
      ['webhook-wrong-digest', 'wrong-digest'],
      ['webhook-wrong-signature', 'wrong-signature'],
      ['webhook-stale-created', 'stale-created'],
      ['webhook-past-expires', 'past-expires'],
    ] as const) {
      if (takeWebhookFault(this.core, this.restaurantId, kind, `delivery of ${event}`)) return defect;
    }
    return null;
  }

  private async attempt(
    id: string,
    event: string,
    args: unknown[],
    n: number,
    defect: SigningDefect | 'stale-created' | 'past-expires' | null,
    replay = false,
  ): Promise<Attempt> {
    const nowS = Math.floor(this.core.clock.now() / 1000);
    const budgetS = Math.ceil(this.options.budgetMs / 1000);
    const created = defect === 'stale-created' ? nowS - 120 : nowS;
    const expires = defect === 'past-expires' ? nowS - 1 : nowS + budgetS;
    const plain = { id, event, created, expires, args };
    const decorate = n === 1 && !replay && this.core.faults.take(this.restaurantId, 'unknown-fields', `webhook ${event}`, this.core.nowIso());
    const body = JSON.stringify(decorate ? withUnknownFields(plain) : plain);
    const signed = await signDelivery({
      url: this.webhookUrl,
      body,
      apiKey: this.apiKey,
      posId: this.posId,
      created,
      expires,
      defect: defect === 'wrong-digest' || defect === 'wrong-signature' ? defect : null,
    });
    const entry: DeliveryLogEntry = { id, event, attempt: n, status: null, ms: 0, defect, replay, note: null };
    this.log.add(entry);
    const started = performance.now();
    const deadline = Date.now() + this.options.budgetMs;
    let res: Response;
    // A controller held by a plain timer, not AbortSignal.timeout: Node 20 may collect that
    // signal before it fires, and the delivery would then wait for ever.
    const budget = new AbortController();
    const budgetTimer = setTimeout(() => budget.abort(new DOMException('webhook budget spent', 'TimeoutError')), this.options.budgetMs);
    try {
      res = await fetch(this.webhookUrl, { method: 'POST', headers: signed.headers, body: signed.body, signal: budget.signal });
    } catch (e) {
      clearTimeout(budgetTimer);
      entry.ms = Math.round(performance.now() - started);
      const name = (e as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') return this.stale(entry, event);
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? name;
      entry.note = `network: ${cause}`;
      return { status: null, outcome: { error: { code: 'CONNECTION_LOST', message: `Could not reach the webhook URL ${this.webhookUrl} (${cause}).` } } };
    }
    const text = await res.text().catch(() => '');
    clearTimeout(budgetTimer);
    entry.status = res.status;
    entry.ms = Math.round(performance.now() - started);
    if (res.status === 500) return { status: 500, outcome: 'retry' };
    if (res.status === 202) {
      const outcome = await this.awaitReply(id, deadline);
      if (outcome === null) return this.stale(entry, event);
      entry.note = 'answered by /reply';
      return { status: 202, outcome };
    }
    const json = parseJson(text);
    if (res.status !== 200) {
      const msg = json.ok ? (json.value as { message?: unknown } | null)?.message : null;
      return {
        status: res.status,
        outcome: { error: { code: 'WEBHOOK_REJECTED', message: `The POS answered ${res.status} to ${event}${typeof msg === 'string' ? `: ${msg}` : ''}` } },
      };
    }
    const answer = json.ok ? parseWith(WebhookAnswer, json.value) : json;
    if (!answer.ok) {
      entry.note = `bad answer: ${answer.error}`;
      if (event !== 'error')
        void this.deliver('error', [
          { code: 'INVALID_RESPONSE', message: `Your answer to delivery ${id} (${event}) was not {"result"} or {"error"}: ${answer.error}` },
        ]);
      return { status: 200, outcome: { error: { code: 'INVALID_RESPONSE', message: `The POS's answer to ${event} was malformed: ${answer.error}` } } };
    }
    if (event !== 'ping' && event !== 'error') this.core.state.counters.responsesReceived += 1;
    return { status: 200, outcome: answer.value };
  }

  private stale(entry: DeliveryLogEntry, event: string): Attempt {
    entry.note = 'stale: no answer within the budget';
    return {
      status: null,
      outcome: { error: { code: METHOD_ERROR.TIMEOUT, message: `The POS did not answer ${event} within ${this.options.budgetMs} ms (stale delivery).` } },
    };
  }

  private awaitReply(id: string, deadline: number): Promise<CallOutcome | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiting.delete(id);
          resolve(null);
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.set(id, (o) => {
        clearTimeout(timer);
        resolve(o);
      });
    });
  }

  applyFault(_fault: FaultRecord): boolean {
    // Webhook faults act on the next delivery (taken in deliver()), never on a connection.
    return false;
  }

  close(reason: string): void {
    this.closed = true;
    if (this.pingTimer) clearInterval(this.pingTimer);
    for (const [id, resolve] of [...this.waiting]) {
      this.waiting.delete(id);
      resolve({ error: { code: 'CONNECTION_LOST', message: `The webhook channel was closed: ${reason}.` } });
    }
  }

  describe(): Record<string, unknown> {
    return {
      kind: this.kind,
      restaurantId: this.restaurantId,
      posId: this.posId,
      webhookUrl: this.webhookUrl,
      since: new Date(this.since).toISOString(),
      pingIntervalMs: this.options.pingIntervalMs,
      waitingReplies: [...this.waiting.keys()],
      deliveries: this.log.list(),
    };
  }
}
