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
  write('app.html', '<!doctype html><title>Murimi</title><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>');
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  write('manifest.webmanifest', JSON.stringify({ name: 'Murimi', start_url: '/dashboard', display: 'standalone' }));
  write('assets/index-Bx7Kq2.js', 'console.log("app");');
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

  it('lets the page register a worker and read the manifest from its own origin', async () => {
    const policy = csp((await t.app.inject({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']);
    expect(policy.get('worker-src')).toContain("'self'");
    // No manifest-src: the manifest falls under default-src.
    expect(policy.get('manifest-src') ?? policy.get('default-src')).toContain("'self'");
  });
});
