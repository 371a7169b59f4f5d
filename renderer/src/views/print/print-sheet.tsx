// The QR sheet: A4 cards, two per row, each with the table's name, the restaurant, "Scan to pay"
// and the code as vector SVG. Calls onReady once every code is drawn (the shell and e2e wait for it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionApi, QrCodeView } from '../../../../preload/contract';
import { wordError } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { QrSvg } from '../common/qr-svg';
import { PrintToolbar } from './print-toolbar';
import { useReadyOnce } from './use-sheet-load';

interface Sheet {
  restaurant: string | null;
  cards: QrCodeView[];
  missing: string[];
}

/** A refusal while loading the sheet: its code for the page, its words for the cashier. */
class SheetError extends Error {
  constructor(
    readonly code: string,
    readonly worded: string,
  ) {
    super(code);
  }
}

export interface PrintSheetProps {
  api: CompanionApi;
  tableIds: string[];
  onReady(): void;
  onError(message: string): void;
  /** In a browser tab: Print and Back buttons above the cards (hidden on paper). */
  browserActions?: { print(): void; back(): void };
}

export function PrintSheet({ api, tableIds, onReady, onError, browserActions }: PrintSheetProps) {
  const { t, i18n } = useTranslation();
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [error, setError] = useState<string | null>(null);
  const drawn = useRef(new Set<string>());
  const ready = useReadyOnce(onReady);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const snapshot = await api.getSnapshot();
      await i18n.changeLanguage(snapshot.settings.language);
      const codes = await api.listQrCodes();
      // The cashier reads the refusal in words; the code goes to the page's data-error for the shell.
      if (!codes.ok) throw new SheetError(codes.error.code, wordError(i18n.t, i18n, codes.error));
      const byTable = new Map(codes.value.map((c) => [c.tableId, c]));
      const cards = tableIds.map((id) => byTable.get(id)).filter((c): c is QrCodeView => Boolean(c?.url));
      const missing = tableIds.filter((id) => !byTable.get(id)?.url);
      if (live) setSheet({ restaurant: snapshot.restaurantName, cards, missing });
    };
    load().catch((e: unknown) => {
      if (!live) return;
      // i18n.t, not t: t changes with the language this load sets, and must not restart the load.
      setError(e instanceof SheetError ? e.worded : i18n.t('errors.refusal.internal'));
      onError(e instanceof SheetError ? e.code : 'INTERNAL_ERROR');
    });
    return () => {
      live = false;
    };
  }, [api, tableIds, i18n, onError]);

  const markDrawn = useCallback(
    (tableId: string) => {
      drawn.current.add(tableId);
      if (sheet && drawn.current.size === sheet.cards.length) ready();
    },
    [sheet, ready],
  );
  useEffect(() => {
    if (sheet && sheet.cards.length === 0) ready();
  }, [sheet, ready]);

  const toolbar = browserActions && <PrintToolbar actions={browserActions} />;
  if (error)
    return (
      <p role="alert" className="error">
        {t('print.sheet.failed', { reason: error })}
      </p>
    );
  if (!sheet) return <p role="status">{t('app.loading')}</p>;
  return (
    <div className="sheet">
      {toolbar}
      {sheet.missing.length > 0 && <p className="no-print error">{t('print.missing', { n: sheet.missing.length })}</p>}
      {sheet.cards.length === 0 && <p className="error">{t('print.nothing')}</p>}
      {sheet.cards.map((card) => (
        <article key={card.tableId} className="card" data-table-id={card.tableId}>
          <h2 className="card-table">{tableLabel(t, card.tableName)}</h2>
          {sheet.restaurant && <p className="card-restaurant">{sheet.restaurant}</p>}
          <QrSvg className="card-qr" url={card.url ?? ''} label={t('print.scanToPay')} onDrawn={() => markDrawn(card.tableId)} />
          {/* The service's short code for the table: typed by a guest whose camera cannot read the QR. */}
          {card.code && <p className="card-code">{t('print.cardCode', { code: card.code })}</p>}
          <p className="card-scan">{t('print.scanToPay')}</p>
        </article>
      ))}
    </div>
  );
}
