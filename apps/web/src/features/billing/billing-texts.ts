import { useTranslation } from 'react-i18next';
import i18next from '../../lib/i18n.ts';
import { billingTexts } from '../../locales/en/billing.ts';

// The billing screen's English texts arrive with its code, not with every screen's (lib/i18n.ts).
if (!i18next.hasResourceBundle('en', 'billing')) i18next.addResourceBundle('en', 'billing', billingTexts);

/** The texts of the billing screen. */
export const useBillingTexts = () => useTranslation('billing');
