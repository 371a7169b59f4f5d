// The selected table: its open bills (usually one) or a form to open a bill on a free table.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAppState } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';
import { PrintQrAction } from '../qr/print-qr-action';
import { BillDetail } from './bill-detail';
import { useTableBills } from './use-table-bills';

export function BillPanel() {
  const { t } = useTranslation();
  const tableId = useAppState((s) => s.selectedTableId);
  const table = useAppState((s) => (tableId ? s.tables[tableId] : undefined));
  const selectedBillId = useAppState((s) => s.selectedBillId);
  const selectBill = useAppState((s) => s.selectBill);
  const bills = useTableBills(table);

  if (!table) return <aside className="panel empty">{t('bill.pickTable')}</aside>;
  const bill = bills.find((b) => b.id === selectedBillId) ?? bills[0];

  return (
    <aside className="panel" aria-label={t('bill.panelLabel', { table: tableLabel(t, table.name) })}>
      <div className="bill-heading-row">
        <h2 className="bill-heading">{tableLabel(t, table.name)}</h2>
        <PrintQrAction tableId={table.id} label={tableLabel(t, table.name)} />
      </div>
      {bills.length > 1 && (
        <div className="bill-chooser" role="group" aria-label={t('bill.choose')}>
          {bills.map((b, i) => (
            <button key={b.id} type="button" aria-pressed={b.id === bill?.id} onClick={() => selectBill(b.id)}>
              {b.name ?? t('bill.numbered', { n: i + 1 })}
            </button>
          ))}
        </div>
      )}
      {bill ? <BillDetail key={bill.id} bill={bill} heading={tableLabel(t, table.name)} /> : <OpenBillForm tableId={table.id} />}
    </aside>
  );
}

function OpenBillForm({ tableId }: { tableId: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const selectBill = useAppState((s) => s.selectBill);
  const [name, setName] = useState('');
  const { run, error, pending } = useCommand();

  const submit = async () => {
    const trimmed = name.trim();
    const result = await run(() => api.openBill(trimmed ? { tableId, name: trimmed } : { tableId }));
    if (result.ok) selectBill(result.value.id);
  };

  return (
    <form
      className="stack"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p>{t('bill.noneOpen')}</p>
      <label>
        {t('bill.nameOptional')}
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" disabled={pending}>
        {t('bill.open')}
      </button>
      <CommandErrorText error={error} />
    </form>
  );
}
