import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { publicPages } from '../../locales/en/public.ts';

// The public pages' English texts arrive with their code, not with the app's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'public')) i18next.addResourceBundle('en', 'public', publicPages);

/** The texts of the public pages (landing, features, pricing, guides, terms). */
export const usePublicTexts = () => useTranslation('public');
