// What the guest pays for the chosen bill: everything or some items, a tip, then pay or decline.
import { useTranslation } from 'react-i18next';
import type { BillView } from '../../../../preload/contract';
import { formatMoney, formatQuantity } from '../../format/decimal-text';
import { AmountInput } from '../common/amount-input';
import type { DemoPayment } from './use-demo-payment';

export function DemoPayForm({ bill, demo }: { bill: BillView; demo: DemoPayment }) {
  const { t, i18n } = useTranslation();
  const pending = demo.command.pending;
  return (
    <>
      <fieldset>
        <legend>{t('demo.what')}</legend>
        <label className="check">
          <input type="radio" name="demo-mode" checked={demo.payAll} onChange={() => demo.setPayAll(true)} />
          {t('demo.payAll', { due: formatMoney(bill.totals.due, bill.currency, i18n.language) })}
        </label>
        <label className="check">
          <input type="radio" name="demo-mode" checked={!demo.payAll} onChange={() => demo.setPayAll(false)} />
          {t('demo.paySome')}
        </label>
      </fieldset>
      {!demo.payAll && <ItemsToPay bill={bill} quantities={demo.quantities} onQuantity={demo.setQuantity} />}
      <AmountInput label={t('demo.tip')} value={demo.tip} onChange={demo.setTip} currency={bill.currency} />
      <div className="actions">
        <button type="button" className="primary" disabled={pending} onClick={() => void demo.pay('paid')}>
          {t('demo.pay')}
        </button>
        <button type="button" className="danger" disabled={pending} onClick={() => void demo.pay('declined')}>
          {t('demo.decline')}
        </button>
      </div>
    </>
  );
}

/** The bill's items with what is paid and locked, and a quantity to pay for each. */
function ItemsToPay(props: { bill: BillView; quantities: Record<string, string>; onQuantity(itemId: string, text: string): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <table className="items">
      <thead>
        <tr>
          <th>{t('bill.item')}</th>
          <th>{t('bill.quantity')}</th>
          <th>{t('bill.paidQty')}</th>
          <th>{t('bill.lockedQty')}</th>
          <th>{t('demo.toPay')}</th>
        </tr>
      </thead>
      <tbody>
        {props.bill.items.map((item) => (
          <tr key={item.id}>
            <td>{item.name}</td>
            <td>{formatQuantity(item.quantity, lang)}</td>
            <td>{formatQuantity(item.paidQuantity, lang)}</td>
            <td>{formatQuantity(item.lockedQuantity, lang)}</td>
            <td>
              <input
                className="qty"
                inputMode="decimal"
                aria-label={t('demo.quantityOf', { name: item.name })}
                value={props.quantities[item.id] ?? ''}
                onChange={(e) => props.onQuantity(item.id, e.target.value)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
