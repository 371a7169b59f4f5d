// The bill's items with paid and locked quantities; quantity changes and removal for unlocked items.
// Lines a guest ordered from their phone (tagged order:<id> by main) are marked as such.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillItemView, BillView } from '../../../../preload/contract';
import { useApi } from '../../services/app-context';
import { formatMoney, formatQuantity, isZero, parseDecimalInput } from '../../format/decimal-text';
import { CommandErrorText, inputError } from '../common/command-error';
import { useCommand, type CommandRunner } from '../common/use-command';

export function BillItems({ bill, editable }: { bill: BillView; editable: boolean }) {
  const { t } = useTranslation();
  const command = useCommand();
  if (bill.items.length === 0) return <p className="empty">{t('bill.noItems')}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="items">
          <thead>
            <tr>
              <th>{t('bill.item')}</th>
              <th>{t('bill.quantity')}</th>
              <th>{t('bill.unitPrice')}</th>
              <th>{t('bill.lineTotal')}</th>
              <th>{t('bill.paidQty')}</th>
              <th>{t('bill.lockedQty')}</th>
              {editable && <th>{t('bill.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {bill.items.map((item) => (
              <ItemRow key={`${item.id}:${item.quantity}`} bill={bill} item={item} editable={editable} command={command} />
            ))}
          </tbody>
        </table>
      </div>
      <CommandErrorText error={command.error} />
    </>
  );
}

/** main/store/repos/orders-repo.ts tags every line of a guest's order with `order:<orderId>`. */
export function isGuestLine(item: BillItemView): boolean {
  return item.tags.some((tag) => tag.startsWith('order:'));
}

function GuestMark() {
  const { t } = useTranslation();
  return (
    <span className="badge guest-line" title={t('orders.bill.byGuest')}>
      <span aria-hidden="true">{t('orders.bill.byGuestShort')}</span>
      <span className="sr-only">{t('orders.bill.byGuest')}</span>
    </span>
  );
}

function ItemRow({ bill, item, editable, command }: { bill: BillView; item: BillItemView; editable: boolean; command: CommandRunner }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [quantity, setQuantity] = useState(item.quantity);
  const lang = i18n.language;
  const removable = isZero(item.lockedQuantity) && isZero(item.paidQuantity);

  const saveQuantity = async () => {
    const parsed = parseDecimalInput(quantity);
    if (parsed === null || isZero(parsed)) {
      command.setError(inputError(t('bill.quantityOf', { name: item.name }), t('errors.positiveNumber')));
      return;
    }
    await command.run(() => api.setItemQuantity({ billId: bill.id, itemId: item.id, quantity: parsed }));
  };

  return (
    <tr className={[isZero(item.lockedQuantity) ? '' : 'locked', isGuestLine(item) ? 'by-guest' : ''].filter(Boolean).join(' ') || undefined}>
      <td>
        {item.name}
        {isGuestLine(item) && (
          <>
            {' '}
            <GuestMark />
          </>
        )}
      </td>
      <td>
        {editable ? (
          <form
            className="inline"
            onSubmit={(e) => {
              e.preventDefault();
              void saveQuantity();
            }}
          >
            <input
              className="qty"
              inputMode="decimal"
              aria-label={t('bill.quantityOf', { name: item.name })}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
            <button type="submit" disabled={command.pending}>
              {t('bill.setQuantity')}
            </button>
          </form>
        ) : (
          formatQuantity(item.quantity, lang)
        )}
      </td>
      <td className="money">{formatMoney(item.price, bill.currency, lang)}</td>
      <td className="money">{formatMoney(item.lineTotal, bill.currency, lang)}</td>
      <td>{formatQuantity(item.paidQuantity, lang)}</td>
      <td>{formatQuantity(item.lockedQuantity, lang)}</td>
      {editable && (
        <td>
          {removable ? (
            <button
              type="button"
              aria-label={t('bill.removeItem', { name: item.name })}
              disabled={command.pending}
              onClick={() => void command.run(() => api.removeItem({ billId: bill.id, itemId: item.id }))}
            >
              {t('bill.remove')}
            </button>
          ) : (
            <span className="muted">{t('bill.cannotRemove')}</span>
          )}
        </td>
      )}
    </tr>
  );
}
