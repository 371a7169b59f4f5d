// The Payment links tab's state and commands: the list (read again, with each link's state at the
// service, when the tab opens, when the cashier asks, and every LIST_REFRESH_MS while it is open),
// create, delete, and which link is shown. A link main learned was paid replaces its row at once.
import { useCallback, useEffect, useState } from 'react';
import type { PaymentLinkInput, PaymentLinkList, PaymentLinkView } from '../../../../preload/contract';
import { useApi } from '../../services/app-context';
import { useCommand, type CommandRunner } from '../common/use-command';

/** How long after one list answer the next is asked for, while the tab is open (never two at once). */
export const LIST_REFRESH_MS = 20_000;

export interface PaymentLinks {
  /** null until the first answer. */
  list: PaymentLinkList | null;
  shown: PaymentLinkView | null;
  show(linkId: string): void;
  reload(): Promise<void>;
  /** Runs through the caller's command, so its error shows where the cashier acted. */
  create(input: PaymentLinkInput, command: CommandRunner): Promise<PaymentLinkView | null>;
  remove(linkId: string, command: CommandRunner): Promise<boolean>;
  /** The list's command (loading, its error). */
  listing: CommandRunner;
}

export function usePaymentLinks(): PaymentLinks {
  const api = useApi();
  const listing = useCommand();
  const { run, setError } = listing;
  const [list, setList] = useState<PaymentLinkList | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const answer = await run(() => api.listPaymentLinks());
    if (answer.ok) setList(answer.value);
  }, [api, run]);

  // The first read when the tab opens (the state of each link is asked of the service then), and
  // again LIST_REFRESH_MS after each answer while the tab stays open: the next waits for the last.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const next = () => {
      if (live) timer = setTimeout(() => void read(false), LIST_REFRESH_MS);
    };
    const read = (first: boolean) =>
      api.listPaymentLinks().then(
        (r) => {
          if (!live) return;
          if (r.ok) setList(r.value);
          // A later read that fails keeps the list on screen; the next one may succeed.
          else if (first) setError(r.error);
          next();
        },
        (e: unknown) => {
          if (live && first) setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) });
          next();
        },
      );
    void read(true);
    // Main found a link paid (or expired) in the background: its row changes without waiting for a read.
    const off = api.onEvent(
      (e) => {
        if (e.type !== 'payment-link') return;
        setList((old) => (old ? { ...old, links: old.links.map((l) => (l.id === e.link.id ? e.link : l)) } : old));
      },
      ['payment-link'],
    );
    return () => {
      live = false;
      clearTimeout(timer);
      off();
    };
  }, [api, setError]);

  const create = useCallback(
    async (input: PaymentLinkInput, command: CommandRunner) => {
      const answer = await command.run(() => api.createPaymentLink(input));
      if (!answer.ok) return null;
      const made = answer.value;
      setList((old) => ({ links: [made, ...(old?.links ?? []).filter((l) => l.id !== made.id)], checkFailed: old?.checkFailed ?? null }));
      setShownId(made.id);
      return made;
    },
    [api],
  );

  const remove = useCallback(
    async (linkId: string, command: CommandRunner) => {
      const answer = await command.run(async () => {
        const result = await api.deletePaymentLink({ linkId });
        // Forgotten by this till already (another window deleted it): the list is read again.
        if (!result.ok && result.error.code === 'LINK_NOT_FOUND') void reload();
        return result;
      });
      if (!answer.ok) return false;
      setList((old) => (old ? { ...old, links: old.links.filter((l) => l.id !== linkId) } : old));
      setShownId((old) => (old === linkId ? null : old));
      return true;
    },
    [api, reload],
  );

  const shown = list?.links.find((l) => l.id === shownId) ?? null;
  return { list, shown, show: setShownId, reload, create, remove, listing };
}
