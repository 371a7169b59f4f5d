// A table's open bills, read from main when the table is shown and again whenever its view changes.
import { useEffect, useMemo } from 'react';
import type { BillView, TableView } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { billsOfTable } from '../../store/selectors';

/**
 * Main pushes every table's view but no bill's (each would be read with all its lines and payments
 * at every commit): a table's view is pushed again whenever one of its bills changes, so reading
 * the bills on each new view of the table shown keeps them as current as the card.
 */
export function useTableBills(table: TableView | undefined): BillView[] {
  const api = useApi();
  const setTableBills = useAppState((s) => s.setTableBills);
  const allBills = useAppState((s) => s.bills);
  useEffect(() => {
    if (!table) return;
    // A newer view of the table (or another table) asks again; an older answer is not applied.
    let current = true;
    void api.billsOfTable({ tableId: table.id }).then((r) => {
      if (current && r.ok) setTableBills(table.id, r.value);
    });
    return () => {
      current = false;
    };
  }, [api, table, setTableBills]);
  return useMemo(() => billsOfTable(table, allBills), [table, allBills]);
}
