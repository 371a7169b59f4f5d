// The count a tab shows when work waits there (new orders, things needing attention). Each feature
// owns its line: a selector over the app state that answers how many items wait; 0 shows nothing.
import { useAppState } from '../services/app-context';
import type { AppState } from '../store/app-store';
import { newOrderCount } from '../store/orders-slice';
import type { TabId } from '../store/ui-slice';

type BadgeSelector = (state: AppState) => number;

const BADGES: Partial<Record<TabId, BadgeSelector>> = {
  // orders: new orders not yet accepted or rejected.
  orders: (s) => newOrderCount(s.orders),
  // attention: the entries of Needs attention.
  attention: (s) => s.attention.length,
};

/** The waiting counts of every tab that has one; a stable object while the counts stay the same. */
export function useTabBadges(): Partial<Record<TabId, number>> {
  const orders = useAppState((s) => BADGES.orders?.(s) ?? 0);
  const attention = useAppState((s) => BADGES.attention?.(s) ?? 0);
  return { orders, attention };
}
