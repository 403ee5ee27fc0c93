import { describe, expect, it } from 'vitest';
import { fetchAppAfterLoad, type PageVisit } from './app-fetch-policy.ts';

const returning: PageVisit = { pageNeedsApp: false, saveData: false, effectiveType: '4g', signedInBefore: true };

describe('fetching the app from a public page after it has loaded', () => {
  it('does for someone who has signed in on this device, on a fast connection or one the browser does not describe', () => {
    expect(fetchAppAfterLoad(returning)).toBe(true);
    expect(fetchAppAfterLoad({ ...returning, effectiveType: undefined })).toBe(true);
  });

  it('does not for a visitor who never signed in here, who asks to save data, or on 2g or 3g', () => {
    expect(fetchAppAfterLoad({ ...returning, signedInBefore: false })).toBe(false);
    expect(fetchAppAfterLoad({ ...returning, saveData: true })).toBe(false);
    for (const effectiveType of ['slow-2g', '2g', '3g'])
      expect(fetchAppAfterLoad({ ...returning, effectiveType }), effectiveType).toBe(false);
  });

  it('does on a page that cannot be used without it (a sign-in form), whoever and however slow', () => {
    expect(fetchAppAfterLoad({ pageNeedsApp: true, saveData: true, effectiveType: '2g', signedInBefore: false })).toBe(true);
  });
});
