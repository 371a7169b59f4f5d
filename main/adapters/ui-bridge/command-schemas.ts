import { z } from 'zod';
import type { CommandName, CommandResult, CompanionApi } from '../../../preload/contract.js';
import type { Logger } from '../../base/log.js';
import { isCalendarDate } from '../../features/reports/index.js';
import { SettingsInputSchema } from '../../features/settings/settings-schema.js';
import { Currency, DecimalString, Id, NonNegativeDecimal, Settlement, describeIssues } from '../../base/wire/index.js';

/**
 * One zod schema per CompanionApi command, shared by the Electron IPC handlers (main/shell/ipc.ts)
 * and the browser-mode bridge (main/ui-server), so both edges accept exactly the same input. Plain Node, no electron.
 * Unknown fields are stripped (z.object's default), never rejected.
 */

/** The argument a command takes, or undefined for the ones that take none. */
export type CommandInput<K extends CommandName> = Parameters<CompanionApi[K]> extends [infer I, ...unknown[]] ? I : undefined;

// Commands without an argument ignore whatever the caller sends (tolerant, like the wire).
const NoInput = z.unknown().transform((): undefined => undefined);
const TableIds = z.array(Id).min(1, 'choose at least one table').max(500, 'at most 500 tables at once');
// Loose on purpose: the service's who-am-i answer is the real check, and its message is what the cashier sees.
const LooseKey = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

// The settings rules are main/settings' (one schema for the file and this command).
const SettingsInput = SettingsInputSchema;

// ui-safety (issue 12): a PIN as typed (its rule is checked in main, which counts wrong tries) and an unlock token.
const Pin = z.string().max(64, 'must be at most 64 characters');
const Unlock = z.string().min(1).max(200);

// Day report (issue 13): restaurant days as YYYY-MM-DD.
const Day = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');
const PaymentRange = z.object({ from: Day, to: Day });

export const COMMAND_SCHEMAS = {
  openBill: z.object({ tableId: Id, name: z.string().max(200).optional(), currency: Currency.optional() }),
  addItem: z.object({
    billId: Id,
    name: z.string().trim().min(1, 'must not be empty').max(200),
    price: DecimalString,
    quantity: NonNegativeDecimal,
    menuId: Id.optional(),
  }),
  setItemQuantity: z.object({ billId: Id, itemId: Id, quantity: NonNegativeDecimal }),
  removeItem: z.object({ billId: Id, itemId: Id }),
  closeBill: z.object({ billId: Id, settlement: Settlement.optional() }),
  cancelPayment: z.object({ paymentId: Id }),
  capturePayment: z.object({ paymentId: Id }),
  acknowledgeNotice: z.object({ noticeId: Id }),
  listQrCodes: NoInput,
  createQrCodes: z.object({ tableIds: TableIds }),
  deleteQrCode: z.object({ tableId: Id }),
  printQrSheet: z.object({ tableIds: TableIds, mode: z.enum(['dialog', 'silent', 'pdf']) }),
  testPrint: NoInput,
  listPrinters: NoInput,
  saveSettings: SettingsInput,
  checkApiKey: z.object({ serviceUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }), apiKey: LooseKey, posId: Id }),
  regeneratePosApiToken: z.object({ unlock: Unlock.optional() }),
  reconnect: NoInput,
  guestPay: z.object({
    tableId: Id,
    billId: Id.optional(),
    items: z.array(z.object({ id: Id, quantity: NonNegativeDecimal })).optional(),
    tip: NonNegativeDecimal.optional(),
    outcome: z.enum(['paid', 'declined']).optional(),
  }),
  // orders-sandbox (issue 14): a table or a pickup time, not both (the sandbox refuses both or neither by name).
  guestOrder: z.object({
    tableId: Id.optional(),
    pickupAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time with an offset' }).optional(),
    items: z.array(z.object({ id: Id, quantity: NonNegativeDecimal, note: z.string().trim().max(500).optional() })).min(1, 'must name at least one item').max(200),
    note: z.string().trim().max(1000).optional(),
  }),
  // Payment history and the day report (issue 13).
  listPayments: PaymentRange.extend({
    filters: z
      .object({
        states: z.array(z.enum(['paid', 'refunded', 'refund', 'capture_needed', 'declined', 'cancelled', 'pending'])).max(7).optional(),
        tableId: Id.optional(),
        search: z.string().max(200).optional(),
      })
      .optional(),
  }),
  dayReport: z.object({ date: Day.optional() }),
  exportPaymentsCsv: PaymentRange,
  printDayReport: z.object({ date: Day, mode: z.enum(['dialog', 'silent', 'pdf']) }),
  // Logs and diagnostics (issue 15).
  exportDiagnostics: NoInput,
  openLogs: NoInput,
  // ui-tables (issue 12)
  setTablePosition: z.object({ tableId: Id, position: z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).nullable() }),
  // menu-orders (issue 14)
  setMenuItemAvailable: z.object({ itemId: Id, available: z.boolean() }),
  setOrderStatus: z.object({ orderId: Id, status: z.enum(['ACCEPTED', 'PREPARING', 'READY', 'COMPLETE', 'REJECTED']), reason: z.string().trim().max(500).optional() }),
  setOrdersPaused: z.object({ paused: z.boolean() }),
  getServiceOrderStatus: z.object({ orderId: Id }),
  // orders-ui (issue 14)
  printTicket: z.object({ orderId: Id, mode: z.enum(['dialog', 'silent', 'pdf']) }),
  // Needs attention (issue 13).
  listAttention: NoInput,
  resolveAttention: z.object({ entryId: z.string().min(3).max(300), note: z.string().trim().max(500).optional() }),
  releaseLock: z.object({ paymentId: Id }),
  retryRecovery: z.object({ paymentId: Id }),
  // receipts (issue 13)
  getPaymentReceipt: z.object({ paymentId: Id }),
  printReceipt: z.object({ paymentId: Id, mode: z.enum(['dialog', 'silent', 'pdf']) }),
  // payment-links (issue 13): the amount's rules (> 0, 2 places) are main/payment-links', which words the refusal by code.
  createPaymentLink: z.object({ amount: z.string().max(40), currency: z.string().max(10).optional(), description: z.string().max(1000).optional() }),
  listPaymentLinks: NoInput,
  getPaymentLink: z.object({ linkId: Id }),
  deletePaymentLink: z.object({ linkId: Id }),
  printPaymentLink: z.object({ linkId: Id, mode: z.enum(['dialog', 'silent', 'pdf']) }),
  // ui-safety (issue 12): the manager PIN. The PIN's own rule (4-8 digits) is main/settings/manager-pin.ts's.
  setManagerPin: z.object({ pin: Pin, unlock: Unlock.optional() }),
  unlockSettings: z.object({ pin: Pin }),
  lockSettings: z.object({ unlock: Unlock }),
} satisfies { [K in CommandName]: z.ZodType<CommandInput<K>> };

export const BAD_INPUT = 'BAD_INPUT';

export type CommandParse<K extends CommandName> = { ok: true; input: CommandInput<K> } | { ok: false; error: { code: string; message: string; params?: { field: string } } };

/** Validates a command's argument; the error names the field and says what to do. */
export function parseCommandInput<K extends CommandName>(name: K, raw: unknown): CommandParse<K> {
  const schema: z.ZodType = COMMAND_SCHEMAS[name];
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, input: result.data as CommandInput<K> };
  const message = `${name}: ${describeIssues(result.error)}. Correct it and try again.`;
  // ui-safety (issue 12): the field, so the renderer can name it in the cashier's words.
  const field = result.error.issues[0]?.path[0];
  return { ok: false, error: typeof field === 'string' ? { code: BAD_INPUT, message, params: { field } } : { code: BAD_INPUT, message } };
}

/**
 * Validates, then calls the core. A command that throws (a bug, not a cashier error) still answers
 * a CommandResult so the renderer can show it; the message carries no input (it may hold a key).
 */
export async function runCommand(api: CompanionApi, name: CommandName, raw: unknown, log?: Logger): Promise<CommandResult<unknown>> {
  const parsed = parseCommandInput(name, raw);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const call = api[name] as (input: unknown) => Promise<CommandResult<unknown>>;
  try {
    return await call.call(api, parsed.input);
  } catch (e) {
    log?.error({ mod: 'command', cmd: name, err: (e as Error).message }, 'command threw');
    return { ok: false, error: { code: 'INTERNAL', message: `${name} failed inside the app. Try again; if it keeps failing, restart Tableside.` } };
  }
}
