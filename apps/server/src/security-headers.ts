import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Basemap, Config } from './config.ts';

/**
 * The security headers, fitted to where the server is reached. A farm office opens it over plain HTTP on the
 * LAN (`http://farm-office:3000`); there `upgrade-insecure-requests` would turn the app's own CSS and scripts
 * into https requests that fail, and HSTS means nothing. Both are sent only when `PUBLIC_URL` is https, as is
 * `Cross-Origin-Opener-Policy`, which browsers ignore (with a console error) on an untrustworthy origin.
 *
 * The page may talk to itself and to the configured tile hosts only: MapLibre fetches raster tiles with
 * `fetch` (connect-src) and draws them as images from blob URLs (img-src).
 */
export function securityHeaders(config: Pick<Config, 'publicUrl' | 'basemap'>): FastifyHelmetOptions {
  const https = new URL(config.publicUrl).protocol === 'https:';
  const tileHosts = tileOrigins(config.basemap);
  return {
    strictTransportSecurity: https,
    crossOriginOpenerPolicy: https,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileHosts],
        connectSrc: ["'self'", ...tileHosts],
        workerSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The app ships its fonts (or uses the device's); helmet's default would allow any https host.
        fontSrc: ["'self'", 'data:'],
        // helmet leaves a directive out when it is null.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  };
}

/** A host as a CSP source may name it: a name (its first labels may be `*`) or a bracketed IPv6 address, and a port. */
const CSP_HOST = /^(?:(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origins of the basemap's tile URL templates, each once, as CSP source expressions. A placeholder in the
 * host (`https://{s}.tiles.example/…`) becomes a wildcard for that part (`https://*.tiles.example`). A host no
 * browser could fetch from is left out rather than written into the header.
 */
export function tileOrigins(basemap: Pick<Basemap, 'satelliteTilesUrl' | 'overlayTilesUrls'>): string[] {
  const templates = [basemap.satelliteTilesUrl, ...basemap.overlayTilesUrls].filter((url): url is string => Boolean(url));
  const origins = templates.flatMap((template) => {
    const [, scheme, authority] = /^(https?):\/\/([^/?#]+)/i.exec(template) ?? [];
    if (!scheme || !authority) return [];
    const host = authority.replace(/^[^@]*@/, '').replace(/^.*\}[^.]*\./, '*.');
    return CSP_HOST.test(host) ? [`${scheme.toLowerCase()}://${host.toLowerCase()}`] : [];
  });
  return [...new Set(origins)];
}
