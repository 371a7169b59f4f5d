// The shown link: its QR code drawn large (what a guest scans from the screen), its URL to read
// out or copy, and Print.
import { useTranslation } from 'react-i18next';
import type { PaymentLinkView } from '../../../../preload/contract';
import { QrSvg } from '../common/qr-svg';
import { linkMoney } from './link-words';

export function LinkPreview({ link, onCopy, onPrint }: { link: PaymentLinkView | null; onCopy(url: string): void; onPrint(linkId: string): void }) {
  const { t, i18n } = useTranslation();
  return (
    <aside className="panel link-preview" aria-label={t('links.preview.title')}>
      {link ? (
        <>
          <h3>{linkMoney(t, link, i18n.language)}</h3>
          {link.description && <p>{link.description}</p>}
          {link.state === 'gone' && <p className="error">{t('links.sheet.gone')}</p>}
          <QrSvg className="qr-preview" url={link.url} label={t('links.preview.codeOf', { url: link.url })} />
          <p className="muted url">{link.url}</p>
          <div className="actions">
            <button type="button" onClick={() => onCopy(link.url)}>
              {t('links.copy')}
            </button>
            <button type="button" disabled={link.state === 'gone'} onClick={() => onPrint(link.id)}>
              {t('links.print')}
            </button>
          </div>
        </>
      ) : (
        <p className="empty">{t('links.preview.hint')}</p>
      )}
    </aside>
  );
}
