import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';

/** The files of a built web app that make it installable and usable offline, with the build's brotli copies. */
function writeWebBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'murimi-web-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
  };
  write(
    'app.html',
    '<!doctype html><html><head><title>Murimi</title><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
  );
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  write('manifest.webmanifest', JSON.stringify({ name: 'Murimi', start_url: '/dashboard', display: 'standalone' }));
  write('assets/index-Bx7Kq2.js', 'console.log("app");');
  write(
    'route-preloads.json',
    JSON.stringify({
      '/crop-health': [
        '/assets/CropHealthPage-Ab12.js',
        '/assets/maplibre-gl-Cd34.js',
        '/assets/maplibre-gl-Ef56.css',
        '/x"><script>1</script>',
      ],
    }),
  );
  return dist;
}

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

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { WEB_DIST_DIR: writeWebBuild(), PUBLIC_URL: 'http://farm-office:3000' } });
});
afterAll(() => t?.close());

describe('the installable app’s files', () => {
  it('sends the service worker uncached, so a new release reaches phones at their next visit', async () => {
    for (const encoding of ['br', 'identity']) {
      const response = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['cache-control'], encoding).toBe('no-cache');
      expect(response.headers['content-type'], encoding).toMatch(/^(text|application)\/javascript/);
    }
  });

  it('sends the manifest as application/manifest+json, uncached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps hashed assets cached for a year beside them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Bx7Kq2.js' });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 for a build file that is not there, not the app’s page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-Gone12.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain('<html');
  });

  it('names a screen’s own files in its page, so they are fetched with the entry rather than one after another', async () => {
    for (const url of ['/crop-health', '/crop-health/']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const head = response.body.slice(0, response.body.indexOf('</head>'));
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/CropHealthPage-Ab12.js">');
      expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/maplibre-gl-Cd34.js">');
      expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/maplibre-gl-Ef56.css">');
      expect(response.body).not.toContain('<script>1</script>');
      expect(response.body).toContain('<div id="root"></div>');
    }
    // A path the build did not list gets the shell as it is.
    const other = await t.app.inject({ method: 'GET', url: '/fields/4b1c2a55-0000-4000-8000-000000000000' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain('modulepreload');
  });

  it('lets the page register a worker and read the manifest from its own origin', async () => {
    const policy = csp((await t.app.inject({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']);
    expect(policy.get('worker-src')).toContain("'self'");
    // No manifest-src: the manifest falls under default-src.
    expect(policy.get('manifest-src') ?? policy.get('default-src')).toContain("'self'");
  });
});
