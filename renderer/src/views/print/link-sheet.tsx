// A payment link's printed sheet: print.html?link=<id>. The restaurant, what it is for, the amount,
// the QR code as vector SVG and the URL spelled out. Calls onReady once the code is drawn (the
// shell and the e2e test wait for body[data-ready]); a refusal goes to onError as its code.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanionApi, PaymentLinkView } from '../../../../preload/contract';
import { formatMoney } from '../../format/decimal-text';
import { QrSvg } from '../common/qr-svg';
import { wordLinkError } from '../links/link-words';
import { PrintToolbar } from './print-toolbar';
import { useReadyOnce } from './use-sheet-load';

interface Loaded {
  restaurant: string | null;
  link: PaymentLinkView;
}

export interface LinkSheetProps {
  api: CompanionApi;
  linkId: string;
  onReady(): void;
  onError(code: string): void;
  /** In a browser tab: Print and Back above the sheet (hidden on paper). */
  browserActions?: { print(): void; back(): void };
}

export function LinkSheet({ api, linkId, onReady, onError, browserActions }: LinkSheetProps) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ready = useReadyOnce(onReady);

  // Not on `t`: changing the language makes a new `t`, which would load the sheet again, forever.
  useEffect(() => {
    let live = true;
    const load = async () => {
      const snapshot = await api.getSnapshot();
      await i18n.changeLanguage(snapshot.settings.language);
      const answer = await api.getPaymentLink({ linkId });
      if (!live) return;
      if (answer.ok) setLoaded({ restaurant: snapshot.restaurantName, link: answer.value });
      else {
        setError(wordLinkError(i18n.t, i18n, answer.error));
        onError(answer.error.code);
      }
    };
    load().catch(() => {
      if (!live) return;
      setError(i18n.t('errors.refusal.internal'));
      onError('INTERNAL_ERROR');
    });
    return () => {
      live = false;
    };
  }, [api, linkId, i18n, onError]);

  if (error)
    return (
      <p role="alert" className="error">
        {t('print.sheet.failed', { reason: error })}
      </p>
    );
  if (!loaded) return <p role="status">{t('app.loading')}</p>;
  const { link, restaurant } = loaded;
  return (
    <div className="link-sheet">
      {browserActions && <PrintToolbar actions={browserActions} />}
      <article className="card link-card" data-link-id={link.id}>
        {restaurant && <p className="card-restaurant">{restaurant}</p>}
        <h1 className="card-table">{t('links.sheet.title')}</h1>
        {link.description && <p className="link-card-description">{link.description}</p>}
        <p className="link-card-amount">{link.amount === null ? t('links.sheet.anyAmount') : formatMoney(link.amount, link.currency, i18n.language)}</p>
        {link.state === 'gone' && <p className="error">{t('links.sheet.gone')}</p>}
        <QrSvg className="card-qr" url={link.url} label={t('links.preview.codeOf', { url: link.url })} onDrawn={ready} />
        <p className="card-scan">{t('links.sheet.scan')}</p>
        <p className="link-card-url">
          {t('links.sheet.orOpen')} <span className="url">{link.url}</span>
        </p>
      </article>
    </div>
  );
}
