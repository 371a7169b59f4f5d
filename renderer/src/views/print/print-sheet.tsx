// The QR sheet: A4 cards, two per row, each with the restaurant's logo (from Settings), the
// table's name, the restaurant, the code as vector SVG, its short code and "Scan to pay", the
// guest's words also in a second language when Settings asks. Calls onReady once every code is
// drawn (the shell and e2e wait for it).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { CompanionApi, Language, QrCodeView, QrSecondLanguage } from '../../../../preload/contract';
import { wordError } from '../common/command-error';
import { tableLabel } from '../common/labels';
import { QrSvg } from '../common/qr-svg';
import { PrintToolbar } from './print-toolbar';
import { useReadyOnce } from './use-sheet-load';

interface Sheet {
  restaurant: string | null;
  cards: QrCodeView[];
  missing: string[];
  /** The logo as a data: URL (the page's CSP allows data: images), or null. */
  logo: string | null;
  /** The guest's words also in this language, or null. */
  second: Language | null;
}

/** A second language only when it is one and differs from the app's: the card never says a line twice. */
function secondLanguage(setting: QrSecondLanguage | undefined, language: Language): Language | null {
  return setting && setting !== 'none' && setting !== language ? setting : null;
}

/** Decoded before the cards render, so a sheet that is "ready" prints with its logo. */
async function loadLogo(api: CompanionApi, wanted: boolean): Promise<string | null> {
  if (!wanted) return null;
  const answer = await api.getQrLogo();
  const url = answer.ok ? answer.value.dataUrl : null;
  if (url && typeof Image !== 'undefined') {
    const img = new Image();
    img.src = url;
    // A logo the browser cannot decode is left off the card rather than stopping the sheet.
    if (
      typeof img.decode === 'function' &&
      !(await img.decode().then(
        () => true,
        () => false,
      ))
    )
      return null;
  }
  return url;
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
      const logo = await loadLogo(api, Boolean(snapshot.settings.qrLogo));
      const second = secondLanguage(snapshot.settings.qrSecondLanguage, snapshot.settings.language);
      if (live) setSheet({ restaurant: snapshot.restaurantName, cards, missing, logo, second });
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
        <QrCard
          key={card.tableId}
          card={card}
          sheet={sheet}
          t={t}
          second={sheet.second ? { t: i18n.getFixedT(sheet.second), lang: sheet.second } : null}
          onDrawn={markDrawn}
        />
      ))}
    </div>
  );
}

interface QrCardProps {
  card: QrCodeView;
  sheet: Sheet;
  t: TFunction;
  /** The words of the second language, or null. */
  second: { t: TFunction; lang: Language } | null;
  onDrawn(tableId: string): void;
}

/** One table's card; the logo sits above everything in its own box, so it never reaches the code. */
function QrCard({ card, sheet, t, second, onDrawn }: QrCardProps) {
  const rich = Boolean(sheet.logo || second);
  return (
    <article className={rich ? 'card card-rich' : 'card'} data-table-id={card.tableId}>
      {sheet.logo && (
        <div className="card-logo">
          <img src={sheet.logo} alt={sheet.restaurant ?? ''} />
        </div>
      )}
      <h2 className="card-table">{tableLabel(t, card.tableName)}</h2>
      {sheet.restaurant && <p className="card-restaurant">{sheet.restaurant}</p>}
      <QrSvg className="card-qr" url={card.url ?? ''} label={t('print.scanToPay')} onDrawn={() => onDrawn(card.tableId)} />
      {/* The service's short code for the table: typed by a guest whose camera cannot read the QR. */}
      {card.code && (
        <p className="card-code">
          {t('print.cardCode', { code: card.code })}
          {second && <span lang={second.lang}>{` · ${second.t('print.cardCode', { code: card.code })}`}</span>}
        </p>
      )}
      <p className="card-scan">{t('print.scanToPay')}</p>
      {second && (
        <p className="card-scan card-scan-second" lang={second.lang}>
          {second.t('print.scanToPay')}
        </p>
      )}
    </article>
  );
}
