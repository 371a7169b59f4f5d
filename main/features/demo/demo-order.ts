import type { CommandResult, ErrorCode, GuestOrderInput, GuestOrderResult } from '../../../preload/contract.js';
import { isErrorCode } from '../../../preload/error-codes.js';
import type { DemoGuestOrder, DemoSandbox } from '../../base/host-types.js';
import type { BillsStore, OrdersStore } from '../../store/index.js';
import { fail, ok } from '../../base/command-result.js';

/**
 * Demo mode's guest who orders: the order goes to the embedded sandbox, which runs
 * orderPrepare / orderStart (and for pickup the payment and orderMarkAsPaid) against this till.
 * A refusal by the till (sold out, paused) or an item the service has no menu for yet is an
 * ordinary answer (`refused` with the code and item names, worded by the renderer); other sandbox
 * refusals (no connection, bad input) fail with their code.
 */
export async function placeDemoOrder(
  sandbox: DemoSandbox | null,
  store: BillsStore & OrdersStore,
  input: GuestOrderInput,
): Promise<CommandResult<GuestOrderResult>> {
  if (!sandbox) return fail('DEMO_ONLY');
  const itemName = (id: string): string => store.getMenuItem(id)?.name ?? id;
  const request: DemoGuestOrder = {
    items: input.items.map((i) => (i.note ? { id: i.id, quantity: i.quantity, note: i.note } : { id: i.id, quantity: i.quantity })),
  };
  if (input.tableId !== undefined) request.idTable = input.tableId;
  if (input.pickupAt !== undefined) request.pickupAt = input.pickupAt;
  if (input.note) request.note = input.note;
  try {
    const r = await sandbox.guestOrder(request);
    const outcome = r.outcome === 'placed' || r.outcome === 'refused' ? r.outcome : 'cancelled';
    const refusal = r.error ? { code: r.error.code, items: (r.error.items ?? []).map(itemName) } : null;
    return ok({ orderId: r.idOrder, outcome, billId: r.billId, total: r.total, refusal });
  } catch (e) {
    const refusal = sandboxRefusal(e);
    if (!refusal) throw e;
    if (refusal.code === 'NOT_ON_MENU') {
      return ok({ orderId: '', outcome: 'refused', billId: null, total: null, refusal: { code: 'NOT_ON_MENU', items: refusal.items.map(itemName) } });
    }
    const table = input.tableId ? store.getTable(input.tableId) : null;
    return fail(refusal.code, table ? { table: table.name } : {});
  }
}

/** A SandboxRequestError's code, message and item ids, or null for anything else (a real defect). */
/** The sandbox's refusal of a simulated guest; a code the contract does not know reads as the service's own error. */
export function sandboxRefusal(e: unknown): { code: ErrorCode; items: string[] } | null {
  if (!(e instanceof Error) || e.name !== 'SandboxRequestError') return null;
  const body = (e as Error & { body?: unknown }).body as { code?: unknown; items?: unknown } | undefined;
  if (typeof body?.code !== 'string') return null;
  const items = Array.isArray(body.items) ? body.items.filter((i): i is string => typeof i === 'string') : [];
  return { code: isErrorCode(body.code) ? body.code : 'SERVICE_ERROR', items };
}
