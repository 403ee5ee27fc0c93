// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startBoot } from './boot.ts';

function setConnection(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  Object.defineProperty(window.navigator, 'connection', { value: connection, configurable: true });
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<main><h1>Murimi</h1><button type="button">Menu</button></main>';
  setConnection({ saveData: false, effectiveType: '4g' });
});
afterEach(() => setConnection(undefined));

const idle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the public pages’ script', () => {
  it('fetches nothing for a visitor who never signed in here until they use the page, then the app once', async () => {
    const loadApp = vi.fn();
    expect(startBoot(window, loadApp)).toBe(false);
    window.dispatchEvent(new Event('load'));
    await idle();
    expect(loadApp).not.toHaveBeenCalled();
    document.querySelector('button')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    document.querySelector('button')!.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it('fetches the app after load for someone who signed in on this device before', async () => {
    localStorage.setItem('murimi.device.5f0c2a55-0000-4000-8000-000000000001', 'device-token');
    const loadApp = vi.fn();
    expect(startBoot(window, loadApp)).toBe(true);
    window.dispatchEvent(new Event('load'));
    await idle();
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it('waits for use on a 3g connection or with Save-Data, even for someone known here', () => {
    localStorage.setItem('murimi.access_token', 'token');
    setConnection({ saveData: false, effectiveType: '3g' });
    expect(startBoot(window, vi.fn())).toBe(false);
    setConnection({ saveData: true, effectiveType: '4g' });
    expect(startBoot(window, vi.fn())).toBe(false);
  });

  it('fetches the app after load on a page with a form, which waits for it', async () => {
    setConnection({ saveData: true, effectiveType: '2g' });
    document.body.innerHTML = '<form><input name="email"><button disabled>Sign in</button></form>';
    const loadApp = vi.fn();
    expect(startBoot(window, loadApp)).toBe(true);
    window.dispatchEvent(new Event('load'));
    await idle();
    expect(loadApp).toHaveBeenCalledTimes(1);
  });
});
