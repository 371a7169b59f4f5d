// What the phone page's views get from outside React: the controller (and through it the store).
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { formatCurrency } from '../format/money-format';
import type { StaffController } from './staff-controller';
import type { StaffState } from './staff-store';

export const StaffContext = createContext<StaffController | null>(null);

export function useController(): StaffController {
  const controller = useContext(StaffContext);
  if (!controller) throw new Error('StaffContext is missing');
  return controller;
}

export function useStaff<T>(selector: (state: StaffState) => T): T {
  return useStore(useController().store, selector);
}

/** Money as Intl writes it in the page's language; a table without a currency shows the bare number. */
export function money(value: string | null, currency: string | null, language: string): string {
  if (value === null) return '';
  if (!currency) return value;
  try {
    return formatCurrency(value, currency, language);
  } catch {
    return `${value} ${currency}`;
  }
}
