import { setTimeout as delay } from 'node:timers/promises';
import type { Logger } from '../../../../base/log.js';
import type { MethodDispatcher, MethodOutcome } from '../../../../base/method-types.js';
import { METHOD_ERROR, parseWith, WebhookAnswer, WEBHOOK_EVENTS, type WebhookDelivery } from '../../../../base/wire/index.js';
import type { DeliveryStore, V4ServiceClient } from './types.js';

/** An HTTP answer to one delivery. */
export interface Answer {
  status: number;
  body: unknown;
}

interface Run {
  outcome: MethodOutcome;
  /** false when the outcome could not be recorded: the service must retry (500). */
  recorded: boolean;
}

export interface PipelineOptions {
  dispatcher: MethodDispatcher;
  store: DeliveryStore;
  serviceClient: V4ServiceClient;
  log: Logger;
  budgetMs: number;
  syncBudgetMs: number;
}

const KNOWN_EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);
// Waits between /reply attempts after a network error; the 15 s budget cuts the list short.
const REPLY_RETRY_MS = [250, 500, 1000, 2000, 4000, 4000];

/**
 * What happens to a delivery that passed the signature and timing checks: event kind (404),
 * replay (the stored outcome, never a second run), dispatch, then 200 within the sync budget
 * or 202 and the outcome through POST /api/v4/pos/reply.
 */
export class DeliveryPipeline {
  private readonly inflight = new Map<string, Promise<Run>>();
  private readonly replying = new Set<string>();
  private stopped = false;

  constructor(private readonly o: PipelineOptions) {}

  stop(): void {
    this.stopped = true;
  }

  /** `receivedAt`: real ms (Date.now()) when the request arrived; the budget is real time. */
  async handle(delivery: WebhookDelivery, receivedAt: number): Promise<Answer> {
    const { id, event } = delivery;
    if (!KNOWN_EVENTS.has(event)) {
      return { status: 404, body: { code: 'UNKNOWN_EVENT', message: `Event kind "${event}" is not supported by this POS.` } };
    }
    if (event === 'ping') return { status: 200, body: { result: null } };

    const stored = this.storedOutcome(id);
    if (stored) {
      this.o.log.info({ deliveryId: id, event }, 'webhook: repeated delivery, answering the stored outcome');
      return { status: 200, body: stored };
    }

    let run = this.inflight.get(id);
    if (run) {
      this.o.log.info({ deliveryId: id, event }, 'webhook: delivery repeated while it runs');
    } else {
      run = this.run(delivery);
      this.inflight.set(id, run);
      void run.finally(() => this.inflight.delete(id));
    }
    // One decision per answer: whoever answers 202 makes sure the outcome goes through /reply.
    const early = await Promise.race([run, delay(this.o.syncBudgetMs, null, { ref: false })]);
    if (early === null) {
      if (!this.replying.has(id)) {
        this.replying.add(id);
        void this.replyWhenDone(delivery, run, receivedAt).finally(() => this.replying.delete(id));
      }
      return { status: 202, body: { id, status: 'Accepted' } };
    }
    return early.recorded
      ? { status: 200, body: early.outcome }
      : { status: 500, body: { code: METHOD_ERROR.INTERNAL_ERROR, message: 'The POS could not record the outcome; retry the delivery.' } };
  }

  private storedOutcome(id: string): MethodOutcome | null {
    const row = this.o.store.getDelivery(id);
    if (!row) return null;
    const parsed = parseWith(WebhookAnswer, row.outcome);
    return parsed.ok ? parsed.value : { error: { code: METHOD_ERROR.INTERNAL_ERROR, message: 'The stored outcome of this delivery is unreadable.' } };
  }

  private async run(delivery: WebhookDelivery): Promise<Run> {
    let outcome: MethodOutcome;
    try {
      outcome = await this.o.dispatcher.handle(delivery.event, delivery.args, { transport: 'webhook', callId: delivery.id });
    } catch (e) {
      this.o.log.error({ deliveryId: delivery.id, event: delivery.event, err: e }, 'webhook: handler threw');
      outcome = { error: { code: METHOD_ERROR.INTERNAL_ERROR, message: 'The POS failed to handle this call.' } };
    }
    try {
      // Recorded before anyone is answered: a retry after this point gets this outcome.
      this.o.store.recordDelivery(delivery.id, outcome);
      return { outcome, recorded: true };
    } catch (e) {
      this.o.log.error({ deliveryId: delivery.id, err: e }, 'webhook: could not record the delivery outcome');
      return { outcome, recorded: false };
    }
  }

  /** The handler outlived the sync budget: its outcome goes through /reply within the budget. */
  private async replyWhenDone(delivery: WebhookDelivery, run: Promise<Run>, receivedAt: number): Promise<void> {
    const { outcome } = await run;
    const deadline = receivedAt + this.o.budgetMs;
    const body = 'error' in outcome ? { id: delivery.id, error: outcome.error } : { id: delivery.id, result: outcome.result };
    for (let attempt = 0; attempt <= REPLY_RETRY_MS.length && !this.stopped; attempt++) {
      const res = await this.o.serviceClient.reply(body);
      if (res.ok) {
        this.o.log.info({ deliveryId: delivery.id, event: delivery.event, attempt: attempt + 1 }, 'webhook: reply sent');
        return;
      }
      const retryable = res.status === 0 || res.status >= 500;
      const wait = REPLY_RETRY_MS[attempt];
      if (!retryable || wait === undefined || Date.now() + wait > deadline) {
        this.o.log.warn({ deliveryId: delivery.id, event: delivery.event, status: res.status, reason: res.message }, 'webhook: reply not delivered');
        return;
      }
      await delay(wait, null, { ref: false });
    }
  }
}
