// Payments the page shows but no longer holds: read from main, once each, while shown.
import { useEffect, useMemo, useState } from 'react';
import type { PaymentView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';

/**
 * The views of `ids`: the store's (kept live by main's events), else read with getPayment. The page
 * keeps only the newest settled payments over a shift (payments-slice.ts), so an older payment a
 * bill or the day's list shows, and may still be cancelled or captured, is read when it is shown.
 */
export function usePaymentViews(ids: readonly string[]): Record<string, PaymentView> {
  const api = useApi();
  const held = useAppState((s) => s.payments);
  const [read, setRead] = useState<Record<string, PaymentView>>({});
  const missing = ids.filter((id) => !(id in held) && !(id in read));
  const key = missing.join(',');
  useEffect(() => {
    if (key === '') return;
    let current = true;
    for (const paymentId of key.split(',')) {
      void api.getPayment({ paymentId }).then((r) => {
        if (current && r.ok) setRead((old) => ({ ...old, [paymentId]: r.value }));
      });
    }
    return () => {
      current = false;
    };
  }, [api, key]);
  // What the store holds is newer than what was read: main's events keep it.
  return useMemo(() => ({ ...read, ...held }), [read, held]);
}
