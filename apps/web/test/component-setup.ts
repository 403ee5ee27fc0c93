// Component tests (apps/web/src/**/*.test.tsx) run in a DOM (happy-dom) with the app's English texts.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18next from '../src/lib/i18n.ts';
import { appScreens } from '../src/locales/en/app-screens.ts';

// Every screen's texts, as `loadScreenTexts` adds them when a screen's code arrives.
i18next.addResourceBundle('en', 'app', appScreens, true, false);

// Each test starts from an empty page: what one test drew must not answer another's queries.
afterEach(() => cleanup());
