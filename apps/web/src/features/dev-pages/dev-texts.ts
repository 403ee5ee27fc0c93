import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { devPagesTexts } from '../../locales/en/dev-pages.ts';

// The developer pages' English texts arrive with their code, not with every screen's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'devPages')) i18next.addResourceBundle('en', 'devPages', devPagesTexts);

/** The texts of the developer pages. */
export const useDevTexts = () => useTranslation('devPages');
