// Settings → QR cards: the logo printed on every table's card, behind the manager PIN like the
// integration settings. Main reads what the file is from its bytes and may refuse it; the size is
// checked here too only so an oversized file is never sent over the bridge.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language, QrLogoInfo, QrSecondLanguage } from '../../../../preload/contract';
import { useApi } from '../../services/app-context';
import { CommandErrorText } from '../common/command-error';
import { useCommand, type CommandError } from '../common/use-command';
import type { ManagerUnlock } from './use-manager-unlock';

/** Main's limits (main/features/settings/qr-logo.ts), to word them and to stop an oversized file early. */
export const LOGO_MAX_KB = 512;
export const LOGO_MAX_PIXELS = 2000;

async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = '';
  // In slices: one call with half a megabyte of arguments overflows the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

/** The stored logo as the card will print it, read again whenever main says it changed. */
function useLogoPreview(logo: QrLogoInfo | null): string | null {
  const api = useApi();
  // The image of one logo, by its facts: a changed or removed logo never shows the old image.
  const [loaded, setLoaded] = useState<{ key: string; url: string | null } | null>(null);
  const key = logo ? `${logo.type}:${logo.width}x${logo.height}:${logo.bytes}` : null;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    void api.getQrLogo().then((r) => {
      if (live && r.ok) setLoaded({ key, url: r.value.dataUrl });
    });
    return () => {
      live = false;
    };
  }, [api, key]);
  return loaded && loaded.key === key ? loaded.url : null;
}

export function QrLogoSection({ logo, unlock, pinSet }: { logo: QrLogoInfo | null; unlock: ManagerUnlock; pinSet: boolean }) {
  const { t } = useTranslation();
  const api = useApi();
  const { run, error, pending } = useCommand();
  const [early, setEarly] = useState<CommandError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const preview = useLogoPreview(logo);
  const canChange = !pinSet || !unlock.locked;
  const withUnlock = <T extends object>(input: T) => (unlock.token ? { ...input, unlock: unlock.token } : input);

  const choose = async (file: File) => {
    setDone(null);
    if (file.size > LOGO_MAX_KB * 1024) {
      setEarly({ code: 'LOGO_REFUSED', params: { field: 'qrLogo', reason: 'bytes', maxKb: LOGO_MAX_KB, maxPixels: LOGO_MAX_PIXELS }, action: 'setQrLogo' });
      return;
    }
    setEarly(null);
    const data = await fileBase64(file);
    const r = await run(() => api.setQrLogo(withUnlock({ data })));
    if (r.ok) setDone(t('qr.card.saved'));
  };
  const remove = async () => {
    setEarly(null);
    const r = await run(() => api.removeQrLogo(withUnlock({})));
    if (r.ok) setDone(t('qr.card.removed'));
  };

  return (
    <section className="stack qr-logo-section" aria-label={t('qr.card.logo')}>
      <h4>{t('qr.card.logo')}</h4>
      <p className="muted">{t('qr.card.logoHint', { maxKb: LOGO_MAX_KB, maxPixels: LOGO_MAX_PIXELS })}</p>
      {logo && preview ? (
        <figure className="qr-logo-preview">
          <img src={preview} alt={t('qr.card.logoNow', { type: logo.type.toUpperCase(), width: logo.width, height: logo.height })} />
          <figcaption>{t('qr.card.logoNow', { type: logo.type.toUpperCase(), width: logo.width, height: logo.height })}</figcaption>
        </figure>
      ) : (
        !logo && <p>{t('qr.card.noLogo')}</p>
      )}
      <div className="field-row">
        {/* The browser words its own file input in its own language: the app's words on a button instead. */}
        <label className="file-pick">
          {t('qr.card.choose')}
          <input
            type="file"
            className="sr-only"
            accept="image/png,image/jpeg"
            disabled={!canChange || pending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void choose(file);
            }}
          />
        </label>
        {logo && (
          <button type="button" disabled={!canChange || pending} onClick={() => void remove()}>
            {t('qr.card.remove')}
          </button>
        )}
      </div>
      {!canChange && <p className="muted">{t('qr.card.locked')}</p>}
      {done && <p role="status">{done}</p>}
      <CommandErrorText error={early ?? error} />
    </section>
  );
}

/** The second language of the card's guest words; the app's own language is not offered (the card would say it twice). */
export function QrSecondLanguageField({ value, language, onChange }: { value: QrSecondLanguage; language: Language; onChange(value: QrSecondLanguage): void }) {
  const { t } = useTranslation();
  const others = (['en', 'cs'] as const).filter((l) => l !== language);
  return (
    <label>
      {t('qr.card.secondLanguage')}
      <select value={value === language ? 'none' : value} onChange={(e) => onChange(e.target.value as QrSecondLanguage)}>
        <option value="none">{t('qr.card.none')}</option>
        {others.map((l) => (
          <option key={l} value={l}>
            {t(`qr.card.language.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
