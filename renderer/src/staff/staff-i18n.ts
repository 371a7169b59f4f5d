// The phone page's own i18next instance: only its words are bundled, not the cashier's.
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../../../preload/contract';
import { staffCs } from './staff.cs';
import { staffEn } from './staff.en';

export function createStaffI18n(language: Language, onMissingKey?: (key: string) => void): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: staffEn }, cs: { translation: staffCs } },
    lng: language,
    fallbackLng: false,
    supportedLngs: ['en', 'cs'],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: (_lngs, _ns, key) => onMissingKey?.(key),
  });
  return instance;
}
