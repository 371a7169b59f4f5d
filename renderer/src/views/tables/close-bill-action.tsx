// Closing a bill. Not offered while a guest is paying (the store would
// refuse it). With an amount still due, the dialog says how much and asks how it was settled
// (cash, card at the counter, written off, walkout, a note); the answer goes with the close to main.
// "Walkout" is its own action on a bill with something due: the same close, its method set.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillView, PaymentView, SettlementMethod } from '../../../../preload/contract';
import { useApi, useAppState } from '../../services/app-context';
import { formatMoney, isZero } from '../../format/decimal-text';
import { CommandErrorText, inputError } from '../common/command-error';
import { ConfirmActions } from '../common/confirm-actions';
import { Dialog } from '../common/dialog';
import { useCommand, type CommandError } from '../common/use-command';

const METHODS: readonly SettlementMethod[] = ['cash', 'card-at-counter', 'written-off', 'walkout'];

export function CloseBillAction({ bill, payments }: { bill: BillView; payments: PaymentView[] }) {
  const { t } = useTranslation();
  const dialog = useAppState((s) => s.dialog);
  const openDialog = useAppState((s) => s.openDialog);
  const paying = payments.some((p) => p.state === 'STARTED' || p.state === 'PROCESSED') || bill.items.some((i) => !isZero(i.lockedQuantity));
  if (bill.state === 'CLOSED') return null;
  if (paying) return <p className="muted close-unavailable">{t('bill.closing.whilePaying')}</p>;
  return (
    <>
      <button type="button" onClick={() => openDialog({ kind: 'close-bill', billId: bill.id })}>
        {t('bill.close')}
      </button>
      {!isZero(bill.totals.due) && (
        // Plain like Close: the red is for the dialog's confirm, where the choice is made.
        <button type="button" onClick={() => openDialog({ kind: 'close-bill', billId: bill.id, walkout: true })}>
          {t('bill.closing.walkout')}
        </button>
      )}
      {dialog?.kind === 'close-bill' && dialog.billId === bill.id && (dialog.walkout ? <WalkoutDialog bill={bill} /> : <CloseBillDialog bill={bill} />)}
    </>
  );
}

/** The guests left without paying: the bill closes with its amount due settled as a walkout. */
function WalkoutDialog({ bill }: { bill: BillView }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const closeDialog = useAppState((s) => s.closeDialog);
  const closing = useCommand();
  const [note, setNote] = useState('');
  const confirm = async () => {
    const settlement = { method: 'walkout' as const, ...(note.trim() ? { note: note.trim() } : {}) };
    const result = await closing.run(() => api.closeBill({ billId: bill.id, settlement }));
    if (result.ok) closeDialog();
  };
  return (
    <Dialog title={t('bill.closing.walkoutTitle')} onClose={closeDialog}>
      <p>{t('bill.closing.walkoutConfirm')}</p>
      <p className="warning">{t('bill.closing.stillDue', { due: formatMoney(bill.totals.due, bill.currency, i18n.language) })}</p>
      <label>
        {t('bill.closing.walkoutNote')}
        <textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <CommandErrorText error={closing.error} />
      <ConfirmActions label={t('bill.closing.walkoutYes')} danger pending={closing.pending} onConfirm={confirm} onBack={closeDialog} />
    </Dialog>
  );
}

function CloseBillDialog({ bill }: { bill: BillView }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const closeDialog = useAppState((s) => s.closeDialog);
  const closing = useCommand();
  const [method, setMethod] = useState<SettlementMethod | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<CommandError | null>(null);
  const due = !isZero(bill.totals.due);

  const confirm = async () => {
    if (due && !method) {
      setMissing(inputError(t('bill.closing.how'), t('bill.closing.pickMethod')));
      return;
    }
    setMissing(null);
    const settlement = due && method ? { method, ...(note.trim() ? { note: note.trim() } : {}) } : undefined;
    const result = await closing.run(() => api.closeBill(settlement ? { billId: bill.id, settlement } : { billId: bill.id }));
    if (result.ok) closeDialog();
  };

  return (
    <Dialog title={t('bill.closeTitle')} onClose={closeDialog}>
      <p>{t('bill.closeConfirm')}</p>
      {due && (
        <>
          <p className="warning">{t('bill.closing.stillDue', { due: formatMoney(bill.totals.due, bill.currency, i18n.language) })}</p>
          <fieldset className="settlement">
            <legend>{t('bill.closing.how')}</legend>
            {METHODS.map((m) => (
              <label key={m} className="check">
                <input type="radio" name="settlement" value={m} checked={method === m} onChange={() => setMethod(m)} />
                {t(`bill.closing.method.${m}`)}
              </label>
            ))}
            <label>
              {t('bill.closing.note')}
              <textarea rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
            </label>
          </fieldset>
        </>
      )}
      <CommandErrorText error={missing ?? closing.error} />
      <ConfirmActions label={t('bill.closeYes')} danger={due} pending={closing.pending} onConfirm={confirm} onBack={closeDialog} />
    </Dialog>
  );
}
