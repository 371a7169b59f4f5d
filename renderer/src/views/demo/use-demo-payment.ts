// The demo panel's state: the chosen table and bill, what the guest pays, and the pay command.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BillView, GuestPayInput, TableView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { isZero, parseDecimalInput } from '../../format/decimal-text';
import { sortedTables } from '../../store/selectors';
import { useTableBills } from '../tables/use-table-bills';
import { amountOf } from '../common/amount-input';
import { inputError } from '../common/command-error';
import { useCommand, type CommandError, type CommandRunner } from '../common/use-command';
import { demoResultText } from './demo-result-text';

/** What the cashier filled in: everything or some quantities per item id, and a tip (texts as typed). */
export interface DemoChoice {
  payAll: boolean;
  quantities: Record<string, string>;
  tip: string;
}

/** The guest's payment as main takes it, or the first input error (nothing is sent then). */
export function guestPayInput(
  t: TFunction,
  table: TableView | undefined,
  bill: BillView | undefined,
  choice: DemoChoice,
  outcome: 'paid' | 'declined',
  language: string,
): { input: GuestPayInput } | { error: CommandError } {
  if (!table || !bill) return { error: inputError(t('demo.table'), t('errors.required')) };
  const input: GuestPayInput = { tableId: table.id, billId: bill.id, outcome };
  // The tip is money: read like every amount input, an ambiguous "1.250" is asked, never guessed.
  const tip = amountOf(t, t('demo.tip'), choice.tip, language, bill.currency, { allowEmpty: true });
  if (!tip.ok) return { error: tip.error };
  if (tip.value !== null) input.tip = tip.value;
  if (choice.payAll) return { input };
  const items: { id: string; quantity: string }[] = [];
  for (const item of bill.items) {
    const text = choice.quantities[item.id]?.trim() ?? '';
    if (!text) continue;
    const q = parseDecimalInput(text);
    if (q === null) return { error: inputError(t('demo.quantityOf', { name: item.name }), t('errors.number')) };
    if (!isZero(q)) items.push({ id: item.id, quantity: q });
  }
  if (items.length === 0) return { error: inputError(t('demo.items'), t('errors.pickItems')) };
  input.items = items;
  return { input };
}

export interface DemoPayment {
  /** Tables with at least one open bill, in name order. */
  withBills: TableView[];
  tableId: string;
  /** The first open bill of the chosen table (the one the guest pays). */
  bill: BillView | undefined;
  payAll: boolean;
  setPayAll(payAll: boolean): void;
  quantities: Record<string, string>;
  setQuantity(itemId: string, text: string): void;
  tip: string;
  setTip(tip: string): void;
  /** The last payment's result in the cashier's words. */
  outcome: string | null;
  chooseTable(tableId: string): void;
  pay(result: 'paid' | 'declined'): Promise<void>;
  command: CommandRunner;
}

export function useDemoPayment(): DemoPayment {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const tables = useAppState((s) => s.tables);
  // A table with nothing due (all paid, bill not yet closed) is not offered: that payment could not succeed.
  const withBills = useMemo(() => sortedTables(tables).filter((tb) => tb.openBillIds.length > 0 && !isZero(tb.due)), [tables]);
  const [tableId, setTableId] = useState('');
  const [payAll, setPayAll] = useState(true);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [tip, setTip] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const command = useCommand();
  const table = tables[tableId];
  const bill = useTableBills(table)[0];

  const chooseTable = (id: string) => {
    setTableId(id);
    setQuantities({});
    setOutcome(null);
  };
  const setQuantity = (itemId: string, text: string) => setQuantities((q) => ({ ...q, [itemId]: text }));
  const pay = async (result: 'paid' | 'declined') => {
    setOutcome(null);
    const built = guestPayInput(t, table, bill, { payAll, quantities, tip }, result, i18n.language);
    if ('error' in built) return command.setError(built.error);
    const r = await command.run(() => api.guestPay(built.input));
    if (r.ok) setOutcome(demoResultText(t, r.value.state, result));
  };

  return { withBills, tableId, bill, payAll, setPayAll, quantities, setQuantity, tip, setTip, outcome, chooseTable, pay, command };
}
