import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { imageryAccess } from './imagery.ts';

describe('imagery access', () => {
  it("searches the outside catalogue at the configured pace, shared by the process's analyses", async () => {
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'murimi-imagery-access-')),
      IMAGERY_SOURCE: 'earth-search',
      STAC_REQUESTS_PER_MINUTE: '30',
    });
    const log = pino({ level: 'silent' });
    const first = await imageryAccess(config, log);
    const second = await imageryAccess(config, log);
    expect(first.search.pace?.perMinute).toBe(30);
    expect(second.search.pace).toBe(first.search.pace);
  });
});
