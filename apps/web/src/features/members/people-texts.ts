import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { peopleTexts } from '../../locales/en/people.ts';

// Onboarding's and a person's data's English texts arrive with their code, not with every screen's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'people')) i18next.addResourceBundle('en', 'people', peopleTexts);

/** The texts of onboarding by spreadsheet and of a person's (or an organisation's) data and account. */
export const usePeopleTexts = () => useTranslation('people');
