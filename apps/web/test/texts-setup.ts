// The web app's tests run with every English text, as the app has them once a screen's texts have come with its code
// (`loadScreenTexts` in src/lib/i18n.ts).
import i18next from '../src/lib/i18n.ts';
import { appScreens } from '../src/locales/en/app-screens.ts';

i18next.addResourceBundle('en', 'app', appScreens, true, false);
