import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { alerts } from '../locales/en/alerts.ts';
import type { app } from '../locales/en/app.ts';
import { appShell } from '../locales/en/app-shell.ts';
import { auth } from '../locales/en/auth.ts';
import { common } from '../locales/en/common.ts';
import type { peopleTexts } from '../locales/en/people.ts';
import type { publicPages } from '../locales/en/public.ts';
import type { visitTexts } from '../locales/en/visits.ts';
import type { billingTexts } from '../locales/en/billing.ts';
import type { supportTexts } from '../locales/en/support.ts';
import type { programmeTexts } from '../locales/en/programme.ts';
import type { devPagesTexts } from '../locales/en/dev-pages.ts';

/**
 * The languages a person can choose, and the locale `Intl` formats their numbers and dates with: English is the
 * English of southern Africa's farms, so days come before months ("15 Nov 2026") and the decimal mark is a point.
 */
export const languages = [{ code: 'en', name: 'English', formatLocale: 'en-GB' }] as const;

/**
 * English is bundled: it is the fallback for every missing text, and the prerendered pages are English. The public
 * pages' texts (about a sixth of all) come with those pages' code instead (`pages/public/public-texts.ts`): a farmer
 * who opens the app signed in does not download them.
 */
// A copy of the shell's `app` texts: i18next adds the screens' texts (`loadScreenTexts`) into the object it holds.
export const resources = { en: { common, auth, app: { ...appShell }, alerts } } as const;

type English = Omit<(typeof resources)['en'], 'app'> & {
  app: typeof app;
  public: typeof publicPages;
  people: typeof peopleTexts;
  visits: typeof visitTexts;
  billing: typeof billingTexts;
  support: typeof supportTexts;
  programme: typeof programmeTexts;
  devPages: typeof devPagesTexts;
};

/** The shape of a locale: English's keys, any text. */
export type DeepStringRecord<T> = { [K in keyof T]: T[K] extends string ? string : DeepStringRecord<T[K]> };
type DeepPartial<T> = { [K in keyof T]?: T[K] extends string ? T[K] : DeepPartial<T[K]> };

/** A complete locale: every English key. A locale file `satisfies` it, so a key English lacks is a type error. */
export type Locale = DeepStringRecord<English>;
/** A locale translated in part: the keys it leaves out show in English. Still only English's keys. */
export type PartialLocale = DeepPartial<Locale>;

/** Loads one locale's texts when a person chooses that language, as a chunk of its own. */
export type LocaleLoader = () => Promise<PartialLocale>;

/**
 * The locales other than English, each loaded on demand with a dynamic `import()` so that no one downloads a
 * language they did not choose. A new language adds one line, e.g.
 * `pt: () => import('../locales/pt/index.ts').then((m) => m.pt)`, and an entry in `languages`.
 */
export const localeLoaders: Record<string, LocaleLoader> = {};

const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

/** An i18next backend that reads a namespace from the locale's loader (loaded once, whichever namespace asks first). */
function lazyLocales(loaders: Record<string, LocaleLoader>): BackendModule {
  const loading = new Map<string, Promise<PartialLocale>>();
  return {
    type: 'backend',
    callbackApi: false,
    init() {},
    read(language: string, namespace: string) {
      const load = loaders[language];
      // English is bundled; an unknown language falls back to English's texts.
      if (!load) return Promise.resolve({}) as never;
      let locale = loading.get(language);
      if (!locale) {
        locale = load();
        // A failed download (offline) is tried again the next time the language is chosen.
        locale.catch(() => loading.delete(language));
        loading.set(language, locale);
      }
      return locale.then((texts) => (texts as Record<string, object | undefined>)[namespace] ?? {}) as never;
    },
  } as BackendModule;
}

/** Sets up an i18next instance: English bundled and ready at once (also when prerendering), the rest from `loaders`. */
export function setUpI18n(instance: I18n, loaders: Record<string, LocaleLoader>): I18n {
  void instance
    .use(lazyLocales(loaders))
    .use(initReactI18next)
    .init({
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      ns: namespaces,
      resources,
      // English comes with the bundle; other languages come from the backend when chosen.
      partialBundledLanguages: true,
      interpolation: { escapeValue: false }, // React escapes already
      initAsync: false, // English is bundled: initialise synchronously (also for prerendering)
    });
  return instance;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: English;
  }
}

setUpI18n(i18next, localeLoaders);

let screenTexts: Promise<void> | undefined;

/**
 * The English texts of the signed-in screens beyond the shell's and the dashboard's (about 13 kB compressed), added to
 * the `app` namespace: fetched with the code of any screen that shows them (`app/routes.tsx`), and again after a
 * failed fetch.
 */
export function loadScreenTexts(): Promise<void> {
  screenTexts ??= import('../locales/en/app-screens.ts').then(
    ({ appScreens }) => void i18next.addResourceBundle('en', 'app', appScreens, true, false),
    (error: unknown) => {
      screenTexts = undefined;
      throw error;
    },
  );
  return screenTexts;
}

/** The locale `Intl` formats with for a language: the one `languages` names, else the language code itself. */
export function formatLocaleOf(language: string | undefined): string {
  const code = language ?? 'en';
  const known = languages.find((entry) => entry.code === code || entry.code === code.split('-')[0]);
  return known?.formatLocale ?? code;
}

/** Switches the app to another language, loading its texts first; the page's `lang` follows. */
export async function changeLanguage(code: string): Promise<void> {
  await i18next.changeLanguage(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

export default i18next;
