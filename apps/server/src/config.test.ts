import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'murimi-config-'));

describe('configuration', () => {
  it('defaults to port 3000, the embedded database and the product name Murimi', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      productName: 'Murimi',
      publicUrl: 'http://localhost:3000',
      accessTokenTtlSeconds: 86_400,
    });
  });

  it('generates a JWT secret once in embedded mode and keeps it under DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('requires JWT_SECRET with DATABASE_URL, and writes no secret file then', () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db/murimi' })).toThrow(
      /JWT_SECRET is required when DATABASE_URL is set/,
    );
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL must start with postgres://'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL must start with smtp://'],
    [{ CONTACT_EMAIL: 'nobody' }, 'CONTACT_EMAIL must be an e-mail address'],
    [{ MAP_SATELLITE_TILES_URL: 'https://tiles.example/{z}/{x}.jpg' }, 'MAP_SATELLITE_TILES_URL must be http(s) tile URL templates'],
    [{ MAP_SATELLITE_TILES_URL: 'https://a.example/{z}/{x}/{y},https://b.example/{z}/{x}/{y}' }, 'holds at most 1 URL'],
    [{ PUBLIC_URL: 'localhost:3000' }, 'PUBLIC_URL'],
  ])('stops with a clear line for %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('reads the basemap: satellite tiles and overlays by default, none when set empty', () => {
    const standard = loadConfig({ DATA_DIR: dataDir() }).basemap;
    expect(standard.satelliteTilesUrl).toMatch(/^https:\/\/.*\{z\}\/\{y\}\/\{x\}$/);
    expect(standard.overlayTilesUrls).toHaveLength(2);
    expect(standard.attribution).not.toBe('');
    const offline = loadConfig({ DATA_DIR: dataDir(), MAP_SATELLITE_TILES_URL: '', MAP_OVERLAY_TILES_URLS: ' ' }).basemap;
    expect(offline).toMatchObject({ satelliteTilesUrl: null, overlayTilesUrls: [] });
    const own = loadConfig({ DATA_DIR: dataDir(), MAP_OVERLAY_TILES_URLS: 'https://t.example/roads/{z}/{x}/{y}.png' }).basemap;
    expect(own.overlayTilesUrls).toEqual(['https://t.example/roads/{z}/{x}/{y}.png']);
  });

  it('takes contact details and product name for the public pages', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PRODUCT_NAME: 'Murimi Zambia',
      CONTACT_EMAIL: 'help@murimi.example',
      CONTACT_PHONE: '+260 97 000 0000',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      productName: 'Murimi Zambia',
      contactEmail: 'help@murimi.example',
      contactPhone: '+260 97 000 0000',
      publicUrl: 'http://localhost:8080',
    });
  });
});
