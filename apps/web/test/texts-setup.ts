// The web app's tests run with every English text, as the app has them once a screen's texts have come with its code.
import { loadScreenTexts } from '../src/lib/i18n.ts';

await loadScreenTexts();
