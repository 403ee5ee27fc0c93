import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { app } from '../locales/en/app.ts';
import { auth } from '../locales/en/auth.ts';
import { common } from '../locales/en/common.ts';
import { publicPages } from '../locales/en/public.ts';

export const languages = [{ code: 'en', name: 'English' }] as const;

export const resources = { en: { common, auth, app, public: publicPages } } as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
  }
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // resources are bundled: initialise synchronously (also for prerendering)
});

export default i18next;
