// Tables: the live grid on the left, the selected table's bill on the right.
import { BillPanel } from './bill-panel';
import { TableGrid } from './table-grid';

export function TablesView() {
  return (
    <div className="split">
      <TableGrid />
      <BillPanel />
    </div>
  );
}
