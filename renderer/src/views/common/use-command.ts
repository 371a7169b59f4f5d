// Runs one CompanionApi command for a view: remembers the error to show and whether it is busy.
import { useCallback, useState } from 'react';
import type { CommandFailure, CommandResult } from '../../../../preload/contract';

/**
 * What a view shows: main's refusal (code + params + the action, worded by CommandErrorText), or
 * the renderer's own: an input check (`input`, its `message` already in the cashier's words) or
 * a bridge failure (`bridge-*`, its `message` for the console only). A code this renderer
 * does not know (a newer main) still reads through the fallback words.
 */
export type CommandError = Omit<CommandFailure, 'code'> & { code: string; message?: string };

export interface CommandRunner {
  run<T>(command: () => Promise<CommandResult<T>>): Promise<{ ok: true; value: T } | { ok: false }>;
  error: CommandError | null;
  setError(error: CommandError | null): void;
  pending: boolean;
}

export function useCommand(): CommandRunner {
  const [error, setError] = useState<CommandError | null>(null);
  const [pending, setPending] = useState(false);
  const run = useCallback(async <T>(command: () => Promise<CommandResult<T>>) => {
    setPending(true);
    setError(null);
    try {
      const result = await command();
      if (result.ok) return { ok: true as const, value: result.value };
      setError(result.error);
    } catch (e) {
      // A thrown bridge error is a defect (the bridge answers its ordinary failures as codes):
      // the cashier reads the generic sentence, the message stays for the console.
      setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setPending(false);
    }
    return { ok: false as const };
  }, []);
  return { run, error, setError, pending };
}
