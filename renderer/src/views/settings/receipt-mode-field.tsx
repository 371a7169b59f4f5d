// Receipts: who makes the fiscal receipt, the payment service or the main POS
// (POSTPONED: the POS sends each receipt to the local POS API and Tableside passes it on).
import { useTranslation } from 'react-i18next';
import type { ReceiptMode } from '../../../../preload/contract';

export function ReceiptModeField({ value, onChange }: { value: ReceiptMode; onChange(mode: ReceiptMode): void }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('receipts.settings.label')}
        <select value={value} onChange={(e) => onChange(e.target.value as ReceiptMode)} aria-describedby="receipt-mode-hint">
          <option value="QERKO_GENERATED">{t('receipts.settings.QERKO_GENERATED')}</option>
          <option value="POSTPONED">{t('receipts.settings.POSTPONED')}</option>
        </select>
      </label>
      <small id="receipt-mode-hint" className="muted">
        {t('receipts.settings.hint')}
      </small>
    </>
  );
}
