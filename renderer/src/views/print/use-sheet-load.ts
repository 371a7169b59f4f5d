// The load of a sheet whose content is plain text and tables (the day report, a receipt): loaded once
// per `load` (keep it stable with useCallback, never on `t`), a failure's message to onError, and
// onReady once the loaded content is rendered.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CommandError } from '../common/use-command';

/** A command's refusal while loading a sheet: its code and names, for the sheet to word. */
export class SheetCommandError extends Error {
  constructor(readonly error: CommandError) {
    super(error.code);
  }
}

/**
 * `error` is the failure's message (a SheetCommandError's code), `failure` what was thrown, so a
 * sheet can word a command's refusal in the cashier's language instead of showing main's English.
 */
export function useSheetLoad<T>(
  load: () => Promise<T>,
  onReady: () => void,
  onError: (message: string) => void,
): { loaded: T | null; error: string | null; failure: unknown } {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (value) => {
        if (live) setLoaded(value);
      },
      (e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        if (!live) return;
        setFailure(e);
        setError(message);
        onError(message);
      },
    );
    return () => {
      live = false;
    };
  }, [load, onError]);

  useEffect(() => {
    if (loaded) onReady();
  }, [loaded, onReady]);

  return { loaded, error, failure };
}

/** onReady at most once, however often a sheet's drawing callbacks repeat on re-render. */
export function useReadyOnce(onReady: () => void): () => void {
  const fired = useRef(false);
  return useCallback(() => {
    if (fired.current) return;
    fired.current = true;
    onReady();
  }, [onReady]);
}
