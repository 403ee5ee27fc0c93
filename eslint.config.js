import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFiles = ['apps/web/**/*.{ts,tsx}'];

/**
 * The web app's layers, top to bottom: app → pages and the shell → features → components/ui, lib (→ locales).
 * A file may import from its own layer and the layers below it, never from one above. Patterns match the end of a
 * path, so the rule's test fixtures (apps/web/eslint-fixtures/src/…) are classified like the app itself.
 */
const webLayers = [
  { type: 'app', pattern: 'src/app' },
  { type: 'pages', pattern: 'src/pages' },
  { type: 'shell', pattern: 'src/components/shell' },
  { type: 'features', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'ui', pattern: 'src/components/ui' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'locales', pattern: 'src/locales' },
];

/** What each layer may import (besides itself and packages). */
const webLayerImports = {
  app: ['pages', 'shell', 'features', 'ui', 'lib', 'locales'],
  pages: ['features', 'ui', 'lib', 'locales'],
  shell: ['features', 'ui', 'lib', 'locales'],
  features: ['ui', 'lib', 'locales'],
  ui: ['lib', 'locales'],
  lib: ['locales'],
  locales: [],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'screenshots/**',
      '**/*.tar',
      // Deliberately wrong code that the layer rule's test lints on purpose (apps/web/test/layers.test.ts).
      'apps/web/eslint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: webFiles,
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: webFiles,
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: webFiles,
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: webFiles,
    plugins: { boundaries },
    settings: {
      'boundaries/elements': webLayers,
      'boundaries/root-path': import.meta.dirname,
      // Lazily loaded screens and maps are imports too.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'A {{from.type}} file may not import from {{to.type}}: imports point down (app → pages/shell → features → ui, lib).',
          policies: Object.entries(webLayerImports).map(([layer, below]) => ({
            from: { element: { type: layer } },
            allow: { to: { element: { types: { anyOf: [layer, ...below] } } } },
          })),
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
