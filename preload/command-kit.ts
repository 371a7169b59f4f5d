import { z } from 'zod';
import type { CommandResult, PrintMode } from './views.js';

/**
 * What a domain table (commands-*.ts) is written with: one `command(input, returns<Result>())`
 * per command. From the tables come the CompanionApi's commands (contract.ts), the name list
 * (names.ts) and the validators at both ends (commands.ts). Plain zod: no Node, no electron, so
 * the preload bundle, main and the renderer all load it.
 */

export interface CommandSpec<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  input: I;
  result: R;
}

// Commands without an argument ignore whatever the caller sends (tolerant, like the wire).
export const NoInput = z.unknown().transform((): undefined => undefined);

export const command = <I extends z.ZodType, R extends z.ZodType>(input: I, result: R): CommandSpec<I, R> => ({ input, result });

/**
 * A result's type, checked by the compiler at main's end (its handler must return it). At the
 * renderer's end only the CommandResult around it is checked (commands.ts): a view is main's own
 * making, not outside input.
 */
export const returns = <T>(): z.ZodType<T> => z.custom<T>(() => true);

/** The commands of a table as CompanionApi methods: the argument is what main's validator yields. */
export type ApiOf<T extends Record<string, CommandSpec>> = {
  [K in keyof T]: T[K]['input'] extends typeof NoInput
    ? () => Promise<CommandResult<z.output<T[K]['result']>>>
    : (input: z.output<T[K]['input']>) => Promise<CommandResult<z.output<T[K]['result']>>>;
};

// The shared field rules (the same as the wire's, main/base/wire/primitives.ts).
export const DecimalString = z.string().regex(/^-?\d{1,15}(\.\d{1,6})?$/, 'must be a decimal string such as "62.50"');
/** A decimal string that must not be negative (quantities, tips). */
export const NonNegativeDecimal = DecimalString.refine((s) => !s.startsWith('-'), 'must not be negative');
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code of three capital letters');
export const Id = z.string().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
export const Print = z.enum(['dialog', 'silent', 'pdf']) satisfies z.ZodType<PrintMode>;
/** How a bill closed with an amount still due was settled. */
export const Settlement = z.object({
  method: z.enum(['cash', 'card-at-counter', 'written-off', 'walkout'], { error: 'must be cash, card-at-counter, written-off or walkout' }),
  note: z.string().max(500, 'must be at most 500 characters').optional(),
});

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day YYYY-MM-DD (1970..9999). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1970 && y <= 9999 && utc.getUTCFullYear() === y && utc.getUTCMonth() === mo - 1 && utc.getUTCDate() === d;
}

/** Restaurant days as YYYY-MM-DD (day report, history). */
export const Day = z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');
