// The Payment links tab's state and commands: the list (read again, with each link's state at the
// service, whenever the tab opens or the cashier asks), create, delete, and which link is shown.
import { useCallback, useEffect, useState } from 'react';
import type { PaymentLinkInput, PaymentLinkList, PaymentLinkView } from '../../../../preload/contract';
import { useApi } from '../../services/app-context';
import { useCommand, type CommandRunner } from '../common/use-command';

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

  // The first read when the tab opens (the state of each link is asked of the service then).
  useEffect(() => {
    let live = true;
    api.listPaymentLinks().then(
      (r) => {
        if (!live) return;
        if (r.ok) setList(r.value);
        else setError(r.error);
      },
      (e: unknown) => live && setError({ code: 'bridge-failed', message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
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
