import type { Clock, TimerHandle } from '../../../base/clock.js';
import type { Logger } from '../../../base/log.js';
import type { MethodDispatcher } from '../../../base/method-types.js';
import type { PaymentsStore, PaymentRecord } from '../../../store/index.js';
import type { Payment as WirePayment } from '../../../base/wire/index.js';
import { awaitingCapture } from './recover-payments.js';

/** Two minutes without a call about a payment: the service has most likely abandoned it. */
export const STALL_SILENCE_MS = 2 * 60_000;
/** While the service still calls it STARTED (or cannot be reached), ask again this often. */
export const STALL_RECHECK_MS = 60_000;

export interface StalledPaymentsOptions {
  store: Pick<PaymentsStore, 'pendingPayments' | 'getPayment' | 'closePayment'>;
  /** The service's word on one payment (GET /api/v2/pos/payment/<id>, or v4 get-payment): null for 404; throws when it cannot be asked. */
  getPayment: (id: string) => Promise<WirePayment | null>;
  clock: Clock;
  log: Logger;
  silenceMs?: number;
  recheckMs?: number;
}

/** The calls that are about one payment, and where its id is in their arguments. */
function paymentIdOf(method: string, args: unknown[]): string | null {
  const first = args[0];
  if (method === 'paymentStart') {
    const id = first && typeof first === 'object' ? (first as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : null;
  }
  if (method === 'paymentProcessed' || method === 'paymentClosed' || method === 'getPostponedReceipt') return typeof first === 'string' ? first : null;
  return null;
}

const lastCallAt = (p: PaymentRecord): number =>
  Math.max(...[p.created, p.lockedAt, p.processedAt].filter((t): t is string => t !== null).map((t) => Date.parse(t)));

/**
 * Notices a payment the service stopped talking about. A paymentStart locks the bill's items until
 * paymentProcessed/paymentClosed; when neither comes, guests at that table are refused. After
 * `silenceMs` (2 min) without a call about the payment this asks the service, then every
 * `recheckMs` (1 min) while the service says STARTED or cannot be reached, and settles it from
 * the answer the way paymentClosed would have: PAID → paid; CANCELLED, any other final state, or
 * 404 → unlocked. Every call about the payment starts the silence again. All timers run on the
 * injected Clock.
 */
export class StalledPayments {
  private readonly timers = new Map<string, TimerHandle>();
  /** Questions on their way, by payment id: one at a time per payment, awaited by stop(). */
  private readonly asking = new Map<string, Promise<void>>();
  private readonly silenceMs: number;
  private readonly recheckMs: number;
  private readonly log: Logger;
  private running = false;

  constructor(private readonly o: StalledPaymentsOptions) {
    this.silenceMs = o.silenceMs ?? STALL_SILENCE_MS;
    this.recheckMs = o.recheckMs ?? STALL_RECHECK_MS;
    this.log = o.log.child({ mod: 'stalled-payments' });
  }

  /** Watches the payments the store holds open (after a restart their silence runs from their last change). */
  start(): void {
    this.running = true;
    const now = this.o.clock.now();
    for (const p of this.o.store.pendingPayments()) {
      if (!this.timers.has(p.id)) this.arm(p.id, Math.max(0, lastCallAt(p) + this.silenceMs - now));
    }
  }

  /** Cancels every timer; resolves once the questions on their way have ended (they change nothing after stop). */
  async stop(): Promise<void> {
    this.running = false;
    for (const t of this.timers.values()) this.o.clock.clearTimeout(t);
    this.timers.clear();
    await Promise.all(this.asking.values());
  }

  /** A call about this payment arrived: its silence starts again. */
  heard(paymentId: string): void {
    if (this.running) this.arm(paymentId, this.silenceMs);
  }

  /** The dispatcher the transports use, telling this watch of every call about a payment. */
  observe(dispatcher: MethodDispatcher): MethodDispatcher {
    return {
      handle: (method, args, context) => {
        const id = paymentIdOf(method, args);
        if (id !== null) this.heard(id);
        return dispatcher.handle(method, args, context);
      },
    };
  }

  /** Payments with a question pending (for diagnostics and tests). */
  watched(): string[] {
    return [...this.timers.keys()];
  }

  private arm(id: string, ms: number): void {
    this.o.clock.clearTimeout(this.timers.get(id));
    this.timers.set(
      id,
      this.o.clock.setTimeout(() => {
        this.timers.delete(id);
        void this.ask(id);
      }, ms),
    );
  }

  private async ask(id: string): Promise<void> {
    const local = this.o.store.getPayment(id);
    // Closed meanwhile, never started here, or a manual capture waiting for the cashier: nothing to notice.
    if (!local || (local.state !== 'STARTED' && local.state !== 'PROCESSED') || awaitingCapture(local) || this.asking.has(id)) return;
    const question = this.settle(local).finally(() => this.asking.delete(id));
    this.asking.set(id, question);
    await question;
  }

  private async settle(local: PaymentRecord): Promise<void> {
    const ids = { paymentId: local.id, billId: local.billId };
    let remote: WirePayment | null;
    try {
      remote = await this.o.getPayment(local.id);
    } catch (e) {
      this.log.warn({ ...ids, err: (e as Error).message }, 'stalled payment: could not ask the service; asking again in a minute');
      this.again(local.id);
      return;
    }
    if (!this.running) return;
    const state = remote === null ? 'NOT_FOUND' : remote.state;
    if (state === 'STARTED' || state === 'PROCESSED') {
      this.log.info({ ...ids, state }, 'stalled payment: the service still runs it; asking again in a minute');
      this.again(local.id);
      return;
    }
    try {
      // closePayment is idempotent: a paymentClosed that raced this answer changes nothing twice.
      this.o.store.closePayment(local.id, state, 'lookup');
    } catch (e) {
      this.log.error({ ...ids, state, err: e }, 'stalled payment: could not settle it; asking again in a minute');
      this.again(local.id);
      return;
    }
    this.log.info(
      { ...ids, state },
      state === 'PAID' ? 'stalled payment: the service says PAID, items are paid' : 'stalled payment: ended unpaid at the service, items unlocked',
    );
  }

  /** Asks again in a minute, unless a call about the payment has already started a new silence. */
  private again(id: string): void {
    if (this.running && !this.timers.has(id)) this.arm(id, this.recheckMs);
  }
}
