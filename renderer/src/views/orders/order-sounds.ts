// A new guest order rings its own pattern (services/beep.ts "order"), once per store update
// that brings new orders, however many: never for the orders of the first snapshot, never twice.
import { useEffect } from 'react';
import type { OrderView, Unsubscribe } from '../../../../preload/contract';
import { useServices } from '../../services/app-context';
import type { AppStore } from '../../store/app-store';

export function watchNewOrders(store: AppStore, onNew: (orders: OrderView[]) => void): Unsubscribe {
  return store.subscribe((state, prev) => {
    if (!prev.loaded || state.orders === prev.orders) return;
    const fresh = Object.values(state.orders).filter((o) => o.status === 'NEW' && o.closedState === null && !(o.id in prev.orders));
    if (fresh.length > 0) onNew(fresh);
  });
}

export function useOrderSounds(): void {
  const { store, beep } = useServices();
  useEffect(
    () =>
      watchNewOrders(store, () => {
        if (store.getState().settings?.sound) beep('order');
      }),
    [store, beep],
  );
}
