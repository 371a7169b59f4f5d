import type { CommandFailure, CommandName, CommandResult, CompanionApi } from '../../../preload/contract.js';
import { BAD_INPUT, parseCommandInput as parseInput, type CommandInput } from '../../../preload/commands.js';
import type { Logger } from '../../base/log.js';
import { describeIssues } from '../../base/wire/index.js';

/**
 * Main's end of the command tables (preload/commands.ts): the Electron IPC handlers
 * (main/shell/ipc.ts) and the browser-mode bridge (main/adapters/ui-server) both check a
 * command's input with its table's schema before the core sees it. Plain Node, no electron.
 * Unknown fields are stripped (z.object's default), never rejected.
 */

export { BAD_INPUT, type CommandInput };

export type CommandParse<K extends CommandName> = { ok: true; input: CommandInput<K> } | { ok: false; error: CommandFailure };

/** Validates a command's argument; the refusal names the command and the field (the renderer words both). */
export function parseCommandInput<K extends CommandName>(name: K, raw: unknown, log?: Logger): CommandParse<K> {
  const parsed = parseInput(name, raw);
  if (parsed.ok) return parsed;
  log?.info({ mod: 'command', cmd: name, issues: describeIssues(parsed.error) }, 'command input refused');
  // The field (and every field at fault), so the renderer can name it in the cashier's words.
  const fields = [...new Set(parsed.error.issues.map((i) => i.path[0]).filter((f): f is string => typeof f === 'string'))];
  return {
    ok: false,
    error: fields.length > 0 ? { code: BAD_INPUT, params: { field: fields[0]!, fields: fields.join(', ') }, action: name } : { code: BAD_INPUT, action: name },
  };
}

/**
 * Validates, then calls the core. A command that throws (a bug, not a cashier error) still answers
 * a CommandResult so the renderer can show it; the message carries no input (it may hold a key).
 */
export async function runCommand(api: CompanionApi, name: CommandName, raw: unknown, log?: Logger): Promise<CommandResult<unknown>> {
  const parsed = parseCommandInput(name, raw, log);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const call = api[name] as (input: unknown) => Promise<CommandResult<unknown>>;
  try {
    return await call.call(api, parsed.input);
  } catch (e) {
    log?.error({ mod: 'command', cmd: name, err: (e as Error).message }, 'command threw');
    return { ok: false, error: { code: 'INTERNAL', action: name } };
  }
}
