import type { Language } from '@app/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { sessionStore } from '../store/session';
import { en, type Messages } from './en';
import { es } from './es';
import { fr } from './fr';
import { th } from './th';
import { vi } from './vi';
import { zh } from './zh';

export const messages: Record<Language, Messages> = { en, es, fr, vi, th, zh };

/** Names of each language in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  zh: '简体中文',
};

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(messages).map(([lng, m]) => [lng, { translation: m }])),
  lng: sessionStore.get().language,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function setLanguage(language: Language): void {
  sessionStore.set({ language });
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export default i18n;
