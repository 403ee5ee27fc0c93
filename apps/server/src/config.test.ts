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

describe('SMS settings', () => {
  const africasTalking = {
    AFRICASTALKING_USERNAME: 'murimi',
    AFRICASTALKING_API_KEY: 'atsk_0123456789abcdef',
    AFRICASTALKING_CALLBACK_SECRET: 'a-callback-secret-of-24-chars',
  };
  const twilio = {
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
    TWILIO_AUTH_TOKEN: '0123456789abcdef0123456789abcdef',
    TWILIO_FROM: '+15005550006',
    PUBLIC_URL: 'https://murimi.example.org',
  };
  const codes = {
    allowedCountries: ['AO', 'BW', 'KM', 'CD', 'SZ', 'LS', 'MG', 'MW', 'MU', 'MZ', 'NA', 'SC', 'ZA', 'TZ', 'ZM', 'ZW'],
    codesPerAccountPerDay: 10,
    codesPerHour: 300,
  };

  it('is off by default, with a 10 s timeout, no provider blocks, and codes to SADC numbers only', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).sms).toEqual({
      provider: null,
      timeoutMs: 10_000,
      africasTalking: null,
      twilio: null,
      ...codes,
    });
  });

  it('reads the countries codes may be texted to, and the caps on codes', () => {
    const sms = loadConfig({
      DATA_DIR: dataDir(),
      SMS_ALLOWED_COUNTRIES: ' zw, ZA ,mw',
      SMS_CODES_PER_ACCOUNT_PER_DAY: '3',
      SMS_CODES_PER_HOUR: '50',
    }).sms;
    expect(sms).toMatchObject({ allowedCountries: ['ZW', 'ZA', 'MW'], codesPerAccountPerDay: 3, codesPerHour: 50 });
  });

  it('stops the start with a sentence when Twilio is set up without an https PUBLIC_URL', () => {
    const { PUBLIC_URL: _https, ...withoutPublicUrl } = twilio;
    for (const env of [withoutPublicUrl, { ...twilio, PUBLIC_URL: 'http://murimi.example.org' }]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', ...env })).toThrow(
        /Twilio is set up, but PUBLIC_URL is .*: Twilio posts delivery reports and incoming texts only to a public https address/,
      );
    }
  });

  it("reads Africa's Talking, on its production host, or the sandbox's for the sandbox user", () => {
    const sms = loadConfig({
      DATA_DIR: dataDir(),
      SMS_PROVIDER: 'africastalking',
      AFRICASTALKING_SENDER_ID: 'MURIMI',
      ...africasTalking,
    }).sms;
    expect(sms).toEqual({
      provider: 'africastalking',
      timeoutMs: 10_000,
      ...codes,
      africasTalking: {
        username: 'murimi',
        apiKey: 'atsk_0123456789abcdef',
        senderId: 'MURIMI',
        apiUrl: 'https://api.africastalking.com',
        callbackSecret: 'a-callback-secret-of-24-chars',
      },
      twilio: null,
    });
    const sandbox = loadConfig({ DATA_DIR: dataDir(), ...africasTalking, AFRICASTALKING_USERNAME: 'sandbox' }).sms.africasTalking;
    expect(sandbox).toMatchObject({ apiUrl: 'https://api.sandbox.africastalking.com', senderId: undefined });
    const own = loadConfig({ DATA_DIR: dataDir(), ...africasTalking, AFRICASTALKING_API_URL: 'http://127.0.0.1:9000/' }).sms.africasTalking;
    expect(own?.apiUrl).toBe('http://127.0.0.1:9000');
  });

  it('reads Twilio, with a number or a messaging service as the sender, and the timeout in ms', () => {
    const sms = loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', SMS_TIMEOUT_SECONDS: '2.5', ...twilio }).sms;
    expect(sms).toEqual({
      provider: 'twilio',
      timeoutMs: 2_500,
      ...codes,
      africasTalking: null,
      twilio: {
        accountSid: 'AC0123456789abcdef0123456789abcdef',
        authToken: '0123456789abcdef0123456789abcdef',
        from: '+15005550006',
        apiUrl: 'https://api.twilio.com',
      },
    });
    const service = loadConfig({ DATA_DIR: dataDir(), ...twilio, TWILIO_FROM: 'MG0123456789abcdef0123456789abcdef' }).sms.twilio;
    expect(service?.from).toBe('MG0123456789abcdef0123456789abcdef');
  });

  it("keeps a provider's block while the other one sends, for its webhooks", () => {
    const sms = loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', ...twilio, ...africasTalking }).sms;
    expect(sms.provider).toBe('twilio');
    expect(sms.africasTalking?.username).toBe('murimi');
    expect(sms.twilio?.accountSid).toBe(twilio.TWILIO_ACCOUNT_SID);
  });

  it.each([
    [{ SMS_PROVIDER: 'clickatell' }, 'SMS_PROVIDER is none, africastalking or twilio'],
    [{ SMS_TIMEOUT_SECONDS: '0' }, 'SMS_TIMEOUT_SECONDS must be above 0'],
    [{ SMS_TIMEOUT_SECONDS: '61' }, 'SMS_TIMEOUT_SECONDS is at most 60'],
    [{ SMS_ALLOWED_COUNTRIES: 'ZW,Zimbabwe' }, 'SMS_ALLOWED_COUNTRIES is a comma-separated list of two-letter country codes'],
    [{ SMS_ALLOWED_COUNTRIES: ' , ' }, 'SMS_ALLOWED_COUNTRIES lists at least one country'],
    [{ SMS_CODES_PER_HOUR: '0' }, 'SMS_CODES_PER_HOUR is at least 1'],
    [{ ...africasTalking, AFRICASTALKING_CALLBACK_SECRET: 'too-short' }, 'AFRICASTALKING_CALLBACK_SECRET must be at least 24 characters'],
    [{ ...africasTalking, AFRICASTALKING_API_URL: 'api.africastalking.com' }, 'AFRICASTALKING_API_URL must be a URL'],
    [{ ...twilio, TWILIO_ACCOUNT_SID: 'MG0123' }, 'TWILIO_ACCOUNT_SID starts with AC'],
    [{ ...twilio, TWILIO_FROM: '0771234567' }, 'TWILIO_FROM is a phone number in E.164 form'],
    [
      { SMS_PROVIDER: 'africastalking' },
      'SMS_PROVIDER=africastalking needs AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY and AFRICASTALKING_CALLBACK_SECRET; missing: AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY and AFRICASTALKING_CALLBACK_SECRET.',
    ],
    [
      { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID, TWILIO_FROM: twilio.TWILIO_FROM },
      'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM; missing: TWILIO_AUTH_TOKEN.',
    ],
    [
      { AFRICASTALKING_API_KEY: 'atsk_0123456789abcdef' },
      "Africa's Talking is set up only in part: AFRICASTALKING_USERNAME and AFRICASTALKING_CALLBACK_SECRET are missing.",
    ],
    [{ ...twilio, TWILIO_AUTH_TOKEN: '' }, 'Twilio is set up only in part: TWILIO_AUTH_TOKEN is missing.'],
  ])('stops with a clear line for %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it('names every SMS problem at once', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMS_PROVIDER: 'twilio', AFRICASTALKING_SENDER_ID: 'MURIMI' })).toThrow(
      'Invalid configuration:\n' +
        "  Africa's Talking is set up only in part: AFRICASTALKING_USERNAME, AFRICASTALKING_API_KEY and AFRICASTALKING_CALLBACK_SECRET are missing.\n" +
        '  SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM; missing: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.',
    );
  });
});

describe('the proxies in front', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/murimi-config-test' };
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads TRUST_PROXY=%s', (value, trusted) => {
    expect(loadConfig({ ...base, ...(value !== undefined && { TRUST_PROXY: value }) }).trustProxy).toEqual(trusted);
  });

  it('refuses a TRUST_PROXY it cannot read, with a sentence', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'any proxy please' })).toThrow(/TRUST_PROXY is true, false, a number of proxies/);
  });
});

describe('the pace at which outside services are asked', () => {
  it('asks Open-Meteo below its fair use (600 a minute) and the catalogue twice a second, unless told otherwise', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.weather.openMeteo.requestsPerMinute).toBe(500);
    expect(config.imagery.stacRequestsPerMinute).toBe(120);
    const set = loadConfig({ DATA_DIR: dataDir(), OPEN_METEO_REQUESTS_PER_MINUTE: '50', STAC_REQUESTS_PER_MINUTE: '6' });
    expect([set.weather.openMeteo.requestsPerMinute, set.imagery.stacRequestsPerMinute]).toEqual([50, 6]);
  });

  it('refuses a pace that cannot be kept, with a sentence', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPEN_METEO_REQUESTS_PER_MINUTE: '0' })).toThrow(
      /OPEN_METEO_REQUESTS_PER_MINUTE must be above 0/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), STAC_REQUESTS_PER_MINUTE: 'fast' })).toThrow(
      /STAC_REQUESTS_PER_MINUTE must be a number/,
    );
  });
});
