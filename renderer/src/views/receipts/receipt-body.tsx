// One payment's receipt as text and a table: where it came from, its lines, totals and fiscal
// data, and whether the payment service has it. Shared by the receipt dialog and the printed sheet.
import { useTranslation } from 'react-i18next';
import type { PaymentReceiptView } from '../../../../preload/contract';
import { tableLabel } from '../common/labels';
import { formatCurrency } from '../../format/money-format';

/** The POS's fiscal data: "key: value" lines for a flat object, else its JSON. */
function fiscalLines(info: unknown): string[] {
  if (info === null || info === undefined) return [];
  if (typeof info === 'object' && !Array.isArray(info)) {
    return Object.entries(info as Record<string, unknown>).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return [JSON.stringify(info)];
}

export function ReceiptBody({ receipt: r, showDelivery = true }: { receipt: PaymentReceiptView; showDelivery?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (value: string) => formatCurrency(value, r.currency, lang);
  const fiscal = fiscalLines(r.fiscalInfo);
  return (
    <div className="receipt-body" data-payment-id={r.paymentId}>
      <dl className="receipt-facts">
        <dt>{t('receipts.table')}</dt>
        <dd>{tableLabel(t, r.tableName)}</dd>
        {r.billName && (
          <>
            <dt>{t('receipts.bill')}</dt>
            <dd>{r.billName}</dd>
          </>
        )}
        <dt>{t('receipts.serial')}</dt>
        <dd>{r.serial}</dd>
        <dt>{t('receipts.time')}</dt>
        <dd>{new Date(r.timestamp).toLocaleString(lang === 'cs' ? 'cs-CZ' : 'en-GB')}</dd>
      </dl>
      <table className="receipt-lines">
        <thead>
          <tr>
            <th scope="col">{t('receipts.item')}</th>
            <th scope="col">{t('receipts.quantity')}</th>
            <th scope="col">{t('receipts.unitPrice')}</th>
            <th scope="col">{t('receipts.lineTotal')}</th>
          </tr>
        </thead>
        <tbody>
          {r.items.map((i, n) => (
            <tr key={n}>
              <td>{i.name}</td>
              <td className="amount">{i.quantity}</td>
              <td className="amount">{money(i.price)}</td>
              <td className="amount">{money(i.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('receipts.total')}
            </th>
            <td className="amount">{money(r.total)}</td>
          </tr>
          {r.tip !== '0.00' && (
            <>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('receipts.tip')}
                </th>
                <td className="amount">{money(r.tip)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('receipts.totalWithTip')}
                </th>
                <td className="amount">{money(r.paid)}</td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
      {fiscal.length > 0 && (
        <section className="receipt-fiscal" aria-label={t('receipts.fiscal')}>
          <h3>{t('receipts.fiscal')}</h3>
          {fiscal.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      )}
      <p className="muted">{t(`receipts.source.${r.source}`)}</p>
      {showDelivery && (
        <p className={`receipt-delivery receipt-delivery-${r.delivery.state}`} role="status">
          {t(`receipts.delivery.${r.delivery.state}`, { attempts: r.delivery.attempts, code: r.delivery.lastError ?? '' })}
        </p>
      )}
    </div>
  );
}
