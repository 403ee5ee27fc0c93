import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { supportTexts } from '../../locales/en/support.ts';

// The support page's English texts arrive with its code, not with every screen's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'support')) i18next.addResourceBundle('en', 'support', supportTexts);

/** The texts of the support page. */
export const useSupportTexts = () => useTranslation('support');
