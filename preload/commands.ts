import { z } from 'zod';
import type { ApiOf, CommandSpec } from './command-kit.js';
import { ATTENTION_COMMANDS } from './commands-attention.js';
import { BACKUP_COMMANDS } from './commands-backups.js';
import { BILL_COMMANDS, QR_COMMANDS } from './commands-bills.js';
import { DEMO_COMMANDS } from './commands-demo.js';
import { LINK_COMMANDS } from './commands-links.js';
import { ORDER_COMMANDS } from './commands-orders.js';
import { RECEIPT_COMMANDS } from './commands-receipts.js';
import { DIAGNOSTICS_COMMANDS, REPORT_COMMANDS } from './commands-reports.js';
import { SETTINGS_COMMANDS } from './commands-settings.js';
import { STAFF_COMMANDS } from './commands-staff.js';
import type { CommandResult } from './views.js';

/**
 * Every command of CompanionApi, from the domain tables (commands-*.ts). To add a command, write
 * it in its domain's table and implement it in its feature: its CompanionApi method, its name in
 * COMMAND_NAMES (names.ts), the preload's channel, main's input check and the renderer bridge's
 * result check all follow from here.
 */
export const COMMANDS = {
  ...BILL_COMMANDS,
  ...QR_COMMANDS,
  ...SETTINGS_COMMANDS,
  ...DEMO_COMMANDS,
  ...REPORT_COMMANDS,
  ...DIAGNOSTICS_COMMANDS,
  ...ORDER_COMMANDS,
  ...ATTENTION_COMMANDS,
  ...RECEIPT_COMMANDS,
  ...LINK_COMMANDS,
  ...BACKUP_COMMANDS,
  ...STAFF_COMMANDS,
} satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
/** The commands as CompanionApi methods (contract.ts adds getSnapshot and onEvent). */
export type CommandApi = ApiOf<typeof COMMANDS>;
/** The argument a command's handler receives (after main's check), or undefined for the ones that take none. */
export type CommandInput<K extends CommandName> = Parameters<CommandApi[K]> extends [infer I, ...unknown[]] ? I : undefined;

export const BAD_INPUT = 'BAD_INPUT';

export type CommandParse<K extends CommandName> = { ok: true; input: CommandInput<K> } | { ok: false; error: z.ZodError };

/** Main's check of a command's argument (both bridges run it before the core sees the input). */
export function parseCommandInput<K extends CommandName>(name: K, raw: unknown): CommandParse<K> {
  const schema: z.ZodType = COMMANDS[name].input;
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, input: result.data as CommandInput<K> } : { ok: false, error: result.error };
}

const Answer = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.looseObject({ code: z.string(), params: z.record(z.string(), z.unknown()).optional(), action: z.string().optional() }),
  }),
]);

/** The renderer bridge's check of an answer: the CommandResult as it came (its value checked by the command's table), else null. */
export function parseCommandResult<K extends CommandName>(name: K, raw: unknown): Awaited<ReturnType<CommandApi[K]>> | null {
  const answer = Answer.safeParse(raw);
  if (!answer.success) return null;
  if (answer.data.ok && !(COMMANDS[name].result as z.ZodType).safeParse(answer.data.value).success) return null;
  return raw as CommandResult<unknown> as Awaited<ReturnType<CommandApi[K]>>;
}
