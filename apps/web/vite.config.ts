import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './build/route-preloads.ts';

/** The app's green (`--color-leaf-700` in src/index.css) and page background (Tailwind's stone-50). */
const themeColour = '#1f6f3a';
const backgroundColour = '#fafaf9';

/** The app's own code that screens share. */
const sharedCode = /[\\/]apps[\\/]web[\\/]src[\\/](components|lib|features)[\\/]/;
/** Forms and the input checks behind them. */
const formCode =
  /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/].*([A-Z][A-Za-z]*(Form|Forms|Inputs|Input|Preview|Settings)\.tsx|-form\.ts|-input\.ts|-problems\.ts)$/;
/**
 * What needs the core's large tables and libraries: what draws fields on a map (the boundary geometry and its geodesic
 * library), and the crop names' fallback (the crop catalogue). Split by the screens that use them.
 */
const heavyCode = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](map-view[\\/]|fields[\\/]crop-names\.ts$)/;

/**
 * Lists, charts, maps, field packs and the forms' helpers: shared by the screens that list, chart and edit, not by the
 * dashboard, so in a file of their own beside `screens`.
 */
const listCode =
  /[\\/]apps[\\/]web[\\/]src[\\/](features[\\/](charts|field-packs|maps|records|soil-tests|fertilizer)[\\/]|features[\\/]alerts[\\/](alert-view|components[\\/](AlertBadges|alert-day-text))|features[\\/]fields[\\/]components[\\/]|features[\\/]crop-health[\\/]index-legend|lib[\\/](use-mutation-form|focus-error|input-binder|use-confirmed-mutation|return-to|use-locate|use-hydrated|time-zone)\.|components[\\/]ui[\\/](Choice|CountrySelect|FormActions)\.)/;

/**
 * Screens' parts whose texts come with their code (Organisation & people, onboarding, a person's data: `people-texts.ts`;
 * the visit queue and visits: `visits-texts.ts`): split by the screens that use them, so that their texts stay off the
 * dashboard.
 */
const ownTextsCode = /[\\/]apps[\\/]web[\\/]src[\\/]features[\\/](members[\\/]|visits[\\/]|account[\\/]components[\\/]YourData\.tsx$)/;

/** The analyses' names, which the dashboard shares with the lists: in the dashboard's file, not the lists'. */
const analysisNames = /packages[\\/]core[\\/]src[\\/]analysis-results[\\/]analysis-types\.ts$/;

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The signed-in shell registers the worker itself (components/shell/service-worker.ts): public pages get no
      // registration script. The plugin still adds <link rel="manifest"> to the HTML.
      injectRegister: false,
      // The icons are in public/, which the precache's patterns below already take in.
      includeManifestIcons: false,
      manifest: {
        name: 'Murimi',
        short_name: 'Murimi',
        description: 'Satellite crop monitoring, irrigation and fertilizer advice for farms in southern Africa.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: themeColour,
        background_color: backgroundColour,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        // The shell, every screen's chunk (the map library and its worker included: Map View and the field editor
        // must open offline) and the icons. The prerendered public pages and their boot.js are written after this
        // build (scripts/prerender-web.mjs), so they are not here: a signed-in person gets the shell on every path.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png}'],
        // The map library is the largest file (about 1.1 MB before compression).
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        // dist/index.html is the plain shell when this runs; the prerender then copies it to app.html (the page the
        // server gives every signed-in path) and writes the landing page over index.html. Precache it as app.html.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: 'app.html' } : entry)),
            warnings: [],
          }),
        ],
      },
    }),
  ],
  server: {
    // `npm run dev -w apps/web` talks to the API of `npm start`.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // On a slow mobile network each file costs a round trip of half a second or more, and HTTP/1.1 fetches six at
        // a time: the code screens share is a file or two beside the entry, not a dozen of a few kilobytes each.
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // What two or more screens share (the parts of the interface, the features' reads): one file, the only one
            // the dashboard needs beside the entry and its own. Not the forms: with them came the validation library and
            // the shared schemas (about 25 kB compressed), which the screens that only show, the dashboard and Crop
            // Health among them, do not need; the forms and what they import are split by the screens that use them.
            // Nor `heavyCode`, split the same way; the lists, charts and maps go in a second file.
            {
              name: 'screens',
              test: (id) =>
                (sharedCode.test(id) && !formCode.test(id) && !heavyCode.test(id) && !listCode.test(id) && !ownTextsCode.test(id)) ||
                analysisNames.test(id),
              minShareCount: 2,
            },
            { name: 'lists', test: (id) => listCode.test(id) && !formCode.test(id) && !heavyCode.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
});
