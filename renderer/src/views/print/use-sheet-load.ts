// The load of a sheet whose content is plain text and tables (the day report, a receipt): loaded once
// per `load` (keep it stable with useCallback, never on `t`), a failure's message to onError, and
// onReady once the loaded content is rendered.
import { useEffect, useState } from 'react';

export function useSheetLoad<T>(load: () => Promise<T>, onReady: () => void, onError: (message: string) => void): { loaded: T | null; error: string | null } {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    load().then(
      (value) => {
        if (live) setLoaded(value);
      },
      (e: unknown) => {
        const message = e instanceof Error ? e.message : String(e);
        if (!live) return;
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

  return { loaded, error };
}
