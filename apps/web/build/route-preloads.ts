import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The code each signed-in screen needs beyond the entry: its page module, and for Map View the map. A module is a path
 * under apps/web or a package name. A path missing here only loses the hint: the screen still fetches its code. Not
 * the device database's code (about 30 kB): it is fetched once the first answer is to be kept or the device's copy
 * read (`lib/offline-db.ts`), so that on a slow connection it does not share the line with the screen's own code.
 */
/** The texts of the screens other than the dashboard, fetched with their code (`lib/i18n.ts` `loadScreenTexts`). */
const screenTexts = 'src/locales/en/app-screens.ts';

export const screenModules: Record<string, string[]> = {
  '/dashboard': ['src/pages/app/DashboardPage.tsx'],
  // Not the map: Crop Health asks for it once its picture has the image (FieldCropHealth).
  '/crop-health': ['src/pages/app/CropHealthPage.tsx', screenTexts],
  '/irrigation': ['src/pages/app/IrrigationPage.tsx', screenTexts],
  '/weather': ['src/pages/app/IrrigationPage.tsx', screenTexts],
  '/fertilizer': ['src/pages/app/FertilizerPage.tsx', screenTexts],
  '/fields': ['src/pages/app/FieldsPage.tsx', screenTexts],
  '/alerts': ['src/pages/app/AlertsPage.tsx', screenTexts],
  '/soil-tests': ['src/pages/app/SoilTestsPage.tsx', screenTexts],
  '/settings': ['src/pages/app/SettingsPage.tsx', screenTexts],
  '/map': ['src/pages/app/MapViewPage.tsx', 'src/features/map-view/FieldsMap.tsx', 'maplibre-gl', screenTexts],
};

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `route-preloads.json`: for each screen's path, the files (`/assets/…`) its modules and their static imports
 * are in, the entry's own left out (the page already names them). The server puts them in the page as
 * `<link rel="modulepreload">` and `<link rel="preload" as="style">`, so a first visit fetches a screen's code at
 * once instead of chunk after chunk as each one's imports are found. Written once the bundle is, naming only the files
 * written: a chunk that held nothing but a stylesheet's import (Map View's `maplibre-gl.css`) is still in the bundle
 * when it is generated and dropped later, and a page naming it fetched the app's page in its place.
 */
export function routePreloads(): Plugin {
  let preloads: Record<string, string[]> | null = null;
  return {
    name: 'murimi-route-preloads',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!preloads || !options.dir) return;
      const written = (file: string) => file.slice(1) in bundle;
      const kept = Object.fromEntries(Object.entries(preloads).map(([route, files]) => [route, files.filter(written)]));
      await writeFile(path.join(options.dir, 'route-preloads.json'), `${JSON.stringify(kept, null, 2)}\n`);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is typeof item & BundleChunk => item.type === 'chunk');
      // The same configuration builds the service worker and the prerender: only the app's own build has screens.
      if (!chunks.some((chunk) => chunk.isEntry && chunk.moduleIds.some((id) => id.endsWith('/apps/web/src/main.tsx')))) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const inEntry = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
        inEntry.add(entry.fileName);
        for (const file of entry.imports) inEntry.add(file);
      }
      const chunkOf = (module: string) =>
        module.startsWith('src/')
          ? chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/apps/web/${module}`))
          : (chunks.find((chunk) => chunk.facadeModuleId?.includes(`/node_modules/${module}/`)) ??
            chunks.find((chunk) => chunk.moduleIds.some((id) => id.includes(`/node_modules/${module}/`))));
      const found: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(screenModules)) {
        const files = new Set<string>();
        const visit = (chunk: BundleChunk | undefined) => {
          if (!chunk || inEntry.has(chunk.fileName) || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const file of chunk.imports) visit(byFile.get(file));
        };
        for (const module of modules) {
          const chunk = chunkOf(module);
          if (!chunk) this.error(`route-preloads: no chunk holds ${module} (named for ${route})`);
          visit(chunk);
        }
        found[route] = [...files].map((file) => `/${file}`);
      }
      preloads = found;
    },
  };
}
