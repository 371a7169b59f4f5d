// Print and Back above a sheet opened in a browser tab (hidden on paper): every print sheet has them.
import { useTranslation } from 'react-i18next';

export interface BrowserActions {
  print(): void;
  back(): void;
}

/** The sheet's own words may name what is printed ("Print ticket"); Print and Back by default. */
export function PrintToolbar({ actions, printLabel, backLabel }: { actions: BrowserActions; printLabel?: string; backLabel?: string }) {
  const { t } = useTranslation();
  const print = printLabel ?? t('print.sheet.print');
  return (
    <div className="no-print print-toolbar" role="toolbar" aria-label={print}>
      <button type="button" className="primary" onClick={actions.print}>
        {print}
      </button>
      <button type="button" onClick={actions.back}>
        {backLabel ?? t('print.sheet.back')}
      </button>
    </div>
  );
}
