// Component tests (apps/web/src/**/*.test.tsx) run in a DOM (happy-dom) with the app's English texts.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import './texts-setup.ts';

// Each test starts from an empty page: what one test drew must not answer another's queries.
afterEach(() => cleanup());
