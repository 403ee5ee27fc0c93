import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { programmeTexts } from '../../locales/en/programme.ts';

// The programme screen's English texts arrive with its code, not with every screen's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'programme')) i18next.addResourceBundle('en', 'programme', programmeTexts);

/** The texts of the programme's figures. */
export const useProgrammeTexts = () => useTranslation('programme');
