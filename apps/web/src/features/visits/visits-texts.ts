import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { visitTexts } from '../../locales/en/visits.ts';

// The visit queue's and visits' English texts arrive with their code, not with every screen's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'visits')) i18next.addResourceBundle('en', 'visits', visitTexts);

/** The texts of the visit queue, the visit form and a field's visits. */
export const useVisitTexts = () => useTranslation('visits');
