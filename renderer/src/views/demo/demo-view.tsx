// Demo mode only: act as a guest against the embedded sandbox, to train staff and show the flow.
import { useTranslation } from 'react-i18next';
import type { TableView } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { CommandErrorText } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { DemoOrderForm } from './demo-order-form';
import { DemoPayForm } from './demo-pay-form';
import { useDemoPayment } from './use-demo-payment';

export function DemoView() {
  return (
    <>
      <DemoPayPanel />
      <DemoOrderForm />
    </>
  );
}

/** The guest who pays a table's bill. */
function DemoPayPanel() {
  const { t } = useTranslation();
  const demo = useDemoPayment();
  return (
    <section aria-label={t('demo.title')} className="stack demo">
      <h2>{t('demo.title')}</h2>
      <p className="muted">{t('demo.intro')}</p>
      <TablePicker tables={demo.withBills} value={demo.tableId} onChange={demo.chooseTable} />
      {demo.withBills.length === 0 && <p className="empty">{t('demo.noBills')}</p>}
      {demo.bill && <DemoPayForm bill={demo.bill} demo={demo} />}
      <CommandErrorText error={demo.command.error} />
      {demo.outcome && <p role="status">{demo.outcome}</p>}
    </section>
  );
}

/** The tables a guest could pay at, each with what is due. */
function TablePicker({ tables, value, onChange }: { tables: TableView[]; value: string; onChange(tableId: string): void }) {
  const { t, i18n } = useTranslation();
  return (
    <label>
      {t('demo.table')}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('demo.pickTable')}</option>
        {tables.map((tb) => (
          <option key={tb.id} value={tb.id}>
            {tableLabel(t, tb.name)} · {formatMoney(tb.due, tb.currency, i18n.language)}
          </option>
        ))}
      </select>
    </label>
  );
}
