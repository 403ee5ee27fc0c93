// After `vite build`: renders the public pages to static HTML (see apps/web/src/prerender.tsx).
// dist/app.html is the plain app shell for every other route; dist/<path>/index.html the prerendered pages,
// which load the app's JavaScript only once the page has loaded, so the first load is HTML and CSS.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '../apps/web');
const dist = path.join(web, 'dist');
const ssrOut = path.join(web, 'dist-ssr');

await build({
  root: web,
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'prerender.mjs' } } },
});
const { renderPage, prerenderedPaths } = await import(path.join(ssrOut, 'prerender.mjs'));

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
writeFileSync(path.join(dist, 'app.html'), shell);

const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
if (!entry) throw new Error('No module script in dist/index.html');
// The pages' one script (src/boot.ts): it fetches the app after load, or at the visitor's first touch when they never
// signed in here, ask to save data, or are on a 2g/3g connection. A file, not an inline script: the server's
// Content-Security-Policy allows scripts from its own origin only.
await esbuild({
  entryPoints: [path.join(web, 'src/boot.ts')],
  outfile: path.join(dist, 'boot.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  define: { __APP_ENTRY__: JSON.stringify(entry[1]) },
  logLevel: 'warning',
});
const deferredEntry = '<script src="/boot.js" defer></script>';

for (const route of prerenderedPaths) {
  const { html, title } = await renderPage(route);
  const page = shell
    .replace(entry[0], deferredEntry)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<title>.*<\/title>/, `<title>${title}</title>`)
    .replace('<div id="root"><!--app--></div>', `<div id="root" data-prerendered="true">${html}</div>`);
  const file = route === '/' ? path.join(dist, 'index.html') : path.join(dist, route, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, page);
}
console.log(`Prerendered ${prerenderedPaths.length} public pages.`);

// Compress every text file once here, so the server sends .br or .gz without compressing per request.
let compressed = 0;
for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.(js|mjs|css|html|svg|json|txt)$/.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const content = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  compressed += 1;
}
console.log(`Compressed ${compressed} files (gzip and brotli).`);
