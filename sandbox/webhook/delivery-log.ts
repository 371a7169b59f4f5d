import type { SandboxCore } from '../core/core.js';
import type { FaultKind } from '../core/faults.js';

/** Webhook faults (POST /sandbox/faults, listed in faults.ts): each acts on the restaurant's next delivery. */
export type WebhookFaultKind = Extract<FaultKind, `webhook-${string}`>;

export function takeWebhookFault(core: SandboxCore, restaurantId: string, kind: WebhookFaultKind, detail: string): boolean {
  return core.faults.take(restaurantId, kind satisfies FaultKind, detail, core.nowIso()) !== null;
}

/** One attempt of one delivery, for GET /sandbox/state (tests read what the POS answered). */
export interface DeliveryLogEntry {
  id: string;
  event: string;
  attempt: number;
  /** HTTP status the POS answered; null = no answer (network, stale). */
  status: number | null;
  ms: number;
  defect: string | null;
  replay: boolean;
  note: string | null;
}

/** The last `max` attempts, oldest first. */
export class DeliveryLog {
  private readonly entries: DeliveryLogEntry[] = [];
  constructor(private readonly max: number) {}

  add(entry: DeliveryLogEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.max) this.entries.shift();
  }

  note(id: string, note: string): void {
    const last = [...this.entries].reverse().find((e) => e.id === id);
    if (last) last.note = note;
  }

  list(): DeliveryLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }
}
