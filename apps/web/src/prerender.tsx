/**
 * Renders the public pages to HTML at build time (scripts/prerender-web.mjs calls `renderPage`). A farmer on a
 * slow connection reads the page from the HTML and CSS alone; the app's JavaScript arrives afterwards and
 * takes over the same markup.
 */
import './lib/i18n.ts';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/AppRoot.tsx';
import { createQueryClient } from './app/query-client.ts';

/** Public routes served as prerendered HTML. */
export const prerenderedPaths = ['/', '/features', '/guides', '/pricing', '/terms', '/login', '/register', '/forgot-password'];

async function renderToHtml(path: string): Promise<string> {
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const queryClient = createQueryClient();
  try {
    const { prelude } = await prerender(
      <AppRoot queryClient={queryClient} router={router} />,
      // Never move a large part of the page out of line to be revealed by a script: the page is complete here.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return await new Response(prelude).text();
  } finally {
    // The page's queries (public settings) each hold a 5-minute timer to forget them, which kept the build running
    // for five minutes after its last page (and `npm start`'s first start waiting on it).
    queryClient.clear();
  }
}

export async function renderPage(path: string): Promise<{ html: string; title: string }> {
  // The first pass loads the route's lazily loaded screen. The second renders with it loaded, so nothing
  // suspends and React writes plain HTML, without the inline scripts that reveal late content (the
  // Content-Security-Policy would block them, leaving a spinner on the page).
  await renderToHtml(path);
  const html = await renderToHtml(path);
  if (html.includes('<script')) throw new Error(`Prerendered ${path} still has inline scripts: something suspends while rendering`);
  // Pages set their title in an effect, which does not run here: the first <h1> names the page instead.
  const heading = /<h1[^>]*>(.*?)<\/h1>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
  return { html, title: heading ? `${heading} - Murimi` : 'Murimi' };
}
