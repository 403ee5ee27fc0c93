// Draws the installed app's PNG icons from the favicon's artwork, once; the PNGs are committed under
// apps/web/public/icons/. Run again only when apps/web/public/favicon.svg changes: node scripts/make-pwa-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const web = path.resolve(import.meta.dirname, '../apps/web');
const favicon = readFileSync(path.join(web, 'public/favicon.svg'), 'utf8');

const [, background] = /<rect[^>]*fill="([^"]+)"/.exec(favicon) ?? [];
const [glyph] = /<path[^>]*\/>/.exec(favicon) ?? [];
if (!background || !glyph) throw new Error('favicon.svg no longer has the rounded square and leaf path this script expects');

// A maskable icon is cropped by the platform to any shape inside the middle 80 % circle, so it fills the whole
// square with the background and draws the leaf smaller (at 0.75 its farthest corner is 30 % of the size from
// the centre).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(16 16) scale(0.75) translate(-16 -15.5)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', sizePx: 192, svg: favicon },
  { file: 'icon-512.png', sizePx: 512, svg: favicon },
  { file: 'icon-maskable-512.png', sizePx: 512, svg: maskable },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const { file, sizePx, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: sizePx, height: sizePx } });
    const sized = svg.replace('<svg ', `<svg width="${sizePx}" height="${sizePx}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(web, 'public/icons', file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${file}`);
  }
} finally {
  await browser.close();
}
