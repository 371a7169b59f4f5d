// One i18next instance per page (and per test), resources bundled: no loading, no flash of keys.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../preload/contract';
import { cs } from './cs';
import { en } from './en';

export const LANGUAGES: readonly Language[] = ['en', 'cs'];

export interface I18nOptions {
  /** Called for a key that has no text: tests fail on it, so no view can show a raw key. */
  onMissingKey?(key: string): void;
}

export function createI18n(language: Language = 'en', options: I18nOptions = {}): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: en }, cs: { translation: cs } },
    lng: language,
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    saveMissing: Boolean(options.onMissingKey),
    missingKeyHandler: (_lngs, _ns, key) => options.onMissingKey?.(key),
  });
  return instance;
}
