// Demo mode only: act as a guest against the embedded sandbox, to train staff and show the flow.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GuestPayInput } from '../../../../preload/contract';
import { useApi, useAppState } from '../../app-context';
import { formatMoney, formatQuantity, isZero, parseDecimalInput } from '../../format/decimal-text';
import { billsOfTable, sortedTables } from '../../store/selectors';
import { CommandErrorText, inputError } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { useCommand } from '../common/use-command';

export function DemoView() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const tables = useAppState((s) => s.tables);
  const bills = useAppState((s) => s.bills);
  const withBills = useMemo(() => sortedTables(tables).filter((tb) => tb.openBillIds.length > 0), [tables]);
  const [tableId, setTableId] = useState('');
  const [payAll, setPayAll] = useState(true);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [tip, setTip] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const { run, error, setError, pending } = useCommand();
  const table = tables[tableId];
  const bill = billsOfTable(table, bills)[0];
  const lang = i18n.language;

  const pay = async (result: 'paid' | 'declined') => {
    setOutcome(null);
    if (!table || !bill) return setError(inputError(t('demo.table'), t('errors.required')));
    const input: GuestPayInput = { tableId: table.id, billId: bill.id, outcome: result };
    if (tip.trim()) {
      const parsed = parseDecimalInput(tip);
      if (parsed === null) return setError(inputError(t('demo.tip'), t('errors.number')));
      input.tip = parsed;
    }
    if (!payAll) {
      const items: { id: string; quantity: string }[] = [];
      for (const item of bill.items) {
        const text = quantities[item.id]?.trim() ?? '';
        if (!text) continue;
        const q = parseDecimalInput(text);
        if (q === null) return setError(inputError(t('demo.quantityOf', { name: item.name }), t('errors.number')));
        if (!isZero(q)) items.push({ id: item.id, quantity: q });
      }
      if (items.length === 0) return setError(inputError(t('demo.items'), t('errors.pickItems')));
      input.items = items;
    }
    const r = await run(() => api.guestPay(input));
    if (r.ok) setOutcome(demoResultText(t, r.value.state, result));
  };

  return (
    <section aria-label={t('demo.title')} className="stack demo">
      <h2>{t('demo.title')}</h2>
      <p className="muted">{t('demo.intro')}</p>
      <label>
        {t('demo.table')}
        <select
          value={tableId}
          onChange={(e) => {
            setTableId(e.target.value);
            setQuantities({});
            setOutcome(null);
          }}
        >
          <option value="">{t('demo.pickTable')}</option>
          {withBills.map((tb) => (
            <option key={tb.id} value={tb.id}>
              {tableLabel(t, tb.name)} · {formatMoney(tb.due, tb.currency, lang)}
            </option>
          ))}
        </select>
      </label>
      {withBills.length === 0 && <p className="empty">{t('demo.noBills')}</p>}
      {bill && (
        <>
          <fieldset>
            <legend>{t('demo.what')}</legend>
            <label className="check">
              <input type="radio" name="demo-mode" checked={payAll} onChange={() => setPayAll(true)} />
              {t('demo.payAll', { due: formatMoney(bill.totals.due, bill.currency, lang) })}
            </label>
            <label className="check">
              <input type="radio" name="demo-mode" checked={!payAll} onChange={() => setPayAll(false)} />
              {t('demo.paySome')}
            </label>
          </fieldset>
          {!payAll && (
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
                {bill.items.map((item) => (
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
                        value={quantities[item.id] ?? ''}
                        onChange={(e) => setQuantities((q) => ({ ...q, [item.id]: e.target.value }))}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <label>
            {t('demo.tip')}
            <input inputMode="decimal" value={tip} onChange={(e) => setTip(e.target.value)} />
          </label>
          <div className="actions">
            <button type="button" className="primary" disabled={pending} onClick={() => void pay('paid')}>
              {t('demo.pay')}
            </button>
            <button type="button" className="danger" disabled={pending} onClick={() => void pay('declined')}>
              {t('demo.decline')}
            </button>
          </div>
        </>
      )}
      <CommandErrorText error={error} />
      {outcome && <p role="status">{outcome}</p>}
    </section>
  );
}

/**
 * The service's final state in the cashier's words; the payment's uuid means nothing to them.
 * A declined card ends CANCELLED at the service, so the button pressed tells the two apart.
 */
export function demoResultText(t: TFunction, state: string, asked: 'paid' | 'declined'): string {
  switch (state.toUpperCase()) {
    case 'PAID':
      return t('demo.resultPaid');
    case 'AUTHORIZED':
      return t('demo.resultAuthorized');
    case 'DECLINED':
      return t('demo.resultDeclined');
    case 'CANCELLED':
      return t(asked === 'declined' ? 'demo.resultDeclined' : 'demo.resultCancelled');
    default:
      return t('demo.resultOther', { state });
  }
}
