// Runs one CompanionApi command for a view: remembers the error to show and whether it is busy.
import { useCallback, useState } from 'react';
import type { CommandResult } from '../../../../preload/contract';

export interface CommandError {
  code: string;
  message: string;
}

export interface CommandRunner {
  run<T>(command: () => Promise<CommandResult<T>>): Promise<{ ok: true; value: T } | { ok: false }>;
  error: CommandError | null;
  setError(error: CommandError | null): void;
  pending: boolean;
}

export function useCommand(): CommandRunner {
  const [error, setError] = useState<CommandError | null>(null);
  const [pending, setPending] = useState(false);
  const run = useCallback(async <T,>(command: () => Promise<CommandResult<T>>) => {
    setPending(true);
    setError(null);
    try {
      const result = await command();
      if (result.ok) return { ok: true as const, value: result.value };
      setError(result.error);
    } catch (e) {
      // A thrown bridge error (e.g. IPC gone) still reaches the cashier as a readable line.
      setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) });
    } finally {
      setPending(false);
    }
    return { ok: false as const };
  }, []);
  return { run, error, setError, pending };
}
