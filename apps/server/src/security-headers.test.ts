import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { loadConfig } from './config.ts';
import { securityHeaders, tileOrigins } from './security-headers.ts';

/** A built web app in miniature: the shell, two prerendered pages, a hashed stylesheet with its brotli copy. */
function writeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'murimi-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  };
  write('app.html', '<!doctype html><title>Murimi</title><div id="root"></div>');
  write('index.html', '<!doctype html><title>Murimi: farm records</title><main>Home</main>');
  writeFileSync(
    path.join(dist, 'index.html.br'),
    brotliCompressSync('<!doctype html><title>Murimi: farm records</title><main>Home</main>'),
  );
  write('pricing/index.html', '<!doctype html><title>Pricing - Murimi</title><main>Pricing</main>');
  write('assets/index-Bx7Kq2.css', 'body { margin: 0; color: #1c1917; }');
  write('boot.js', 'addEventListener("load", () => import("/assets/main.js"));');
  return dist;
}

const SATELLITE = 'https://tiles.example.org/imagery/{z}/{y}/{x}.jpg';
const ROADS = 'http://192.168.1.20:8080/roads/{z}/{x}/{y}.png';
const PLACES = 'https://tiles.example.org/places/{z}/{x}/{y}.png';

/** Directive name → its sources. */
function csp(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

let lan: TestApp;
let secure: TestApp;
beforeAll(async () => {
  const webDistDir = writeWebBuild();
  const tiles = { MAP_SATELLITE_TILES_URL: SATELLITE, MAP_OVERLAY_TILES_URLS: `${ROADS},${PLACES}` };
  [lan, secure] = await Promise.all([
    startTestApp({ env: { WEB_DIST_DIR: webDistDir, PUBLIC_URL: 'http://farm-office:3000', ...tiles } }),
    startTestApp({ env: { WEB_DIST_DIR: webDistDir, PUBLIC_URL: 'https://murimi.example', ...tiles } }),
  ]);
});
afterAll(() => Promise.all([lan?.close(), secure?.close()]));

describe('security headers over plain HTTP on a farm-office LAN', () => {
  it('sends no HSTS, no upgrade-insecure-requests and no opener policy, which would break or be ignored over HTTP', async () => {
    for (const url of ['/', '/dashboard', '/assets/index-Bx7Kq2.css', '/api/health']) {
      const response = await lan.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
      expect(csp(response.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(false);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('lets the page reach itself and the configured tile hosts only', async () => {
    const policy = csp((await lan.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://tiles.example.org', 'http://192.168.1.20:8080']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.org', 'http://192.168.1.20:8080']);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    for (const [name, sources] of policy) expect(sources, name).not.toContain('https:');
  });
});

describe('security headers behind https', () => {
  it('sends HSTS, upgrade-insecure-requests and the opener policy when PUBLIC_URL is https', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    const policy = csp(response.headers['content-security-policy']);
    expect(policy.get('upgrade-insecure-requests')).toEqual([]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://tiles.example.org', 'http://192.168.1.20:8080']);
  });
});

describe('HEAD', () => {
  // What an uptime checker or a proxy asks: the same status and headers as GET, and no body.
  it.each([
    ['the home page', '/', 'text/html'],
    ['a prerendered page', '/pricing', 'text/html'],
    ['a prerendered page with a trailing slash', '/pricing/', 'text/html'],
    ['a screen of the app shell', '/fields/import', 'text/html'],
    ['a hashed asset', '/assets/index-Bx7Kq2.css', 'text/css'],
    ['a script', '/boot.js', 'application/javascript'],
    ['an API GET route', '/api/health', 'application/json'],
    ['the crop catalogue', '/api/crop-types', 'application/json'],
  ])('answers %s like GET without the body', async (_what, url, type) => {
    const get = await lan.app.inject({ method: 'GET', url });
    const head = await lan.app.inject({ method: 'HEAD', url });
    expect(get.statusCode).toBe(200);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(String(head.headers['content-type'])).toContain(type);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.rawPayload)));
    expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
  });

  it('answers with the pre-compressed copy a GET would get', async () => {
    const headers = { 'accept-encoding': 'br' };
    const get = await lan.app.inject({ method: 'GET', url: '/', headers });
    const head = await lan.app.inject({ method: 'HEAD', url: '/', headers });
    expect(get.headers['content-encoding']).toBe('br');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.body).toBe('');
  });

  it('answers an unknown API path 404 without a body, and other methods on pages still 404', async () => {
    const head = await lan.app.inject({ method: 'HEAD', url: '/api/no-such-thing' });
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    const post = await lan.app.inject({ method: 'POST', url: '/pricing' });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('NOT_FOUND');
  });
});

describe('tile origins', () => {
  it('are the default imagery service, or none when the map goes without tiles', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'murimi-config-'));
    expect(tileOrigins(loadConfig({ DATA_DIR: dataDir }).basemap)).toEqual(['https://server.arcgisonline.com']);
    const offline = loadConfig({ DATA_DIR: dataDir, MAP_SATELLITE_TILES_URL: '', MAP_OVERLAY_TILES_URLS: '' });
    expect(tileOrigins(offline.basemap)).toEqual([]);
    const directives = securityHeaders(offline).contentSecurityPolicy;
    expect(directives && directives !== true && directives.directives?.connectSrc).toEqual(["'self'"]);
  });

  it('keep ports, turn a placeholder in the host into a wildcard, and leave out hosts no browser could reach', () => {
    expect(
      tileOrigins({
        satelliteTilesUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
        overlayTilesUrls: [
          'http://user:secret@LAN-Tiles:8080/{z}/{x}/{y}.png',
          'https://a.example;script-src *.evil/{z}/{x}/{y}',
          'https://tiles.example.org/{z}/{x}/{y}.png',
        ],
      }),
    ).toEqual(['https://*.tiles.example.org', 'http://lan-tiles:8080', 'https://tiles.example.org']);
  });
});
