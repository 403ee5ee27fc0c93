import { session } from '../auth/session.ts';
import {
  breakpointOf,
  deviceClassOf,
  measureTapTargets,
  smallTargets,
  TOUCH_TARGET_MIN_PX,
  type CheckResult,
} from './responsive-checks.ts';

export const SUITES = ['responsive', 'touch', 'performance', 'api', 'optimization'] as const;
export type SuiteName = (typeof SUITES)[number];

/** A fetch of an API path: its status and time. */
async function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  try {
    const token = session.token();
    const response = await fetch(path, { cache: 'no-store', headers: token ? { authorization: `Bearer ${token}` } : {} });
    await response.arrayBuffer();
    return { status: response.status, ms: Math.round(performance.now() - started) };
  } catch {
    return { status: 0, ms: Math.round(performance.now() - started) };
  }
}

const result = (name: string, outcome: CheckResult['outcome'], detail: string): CheckResult => ({ name, outcome, detail });

/** Each suite's checks, run on the page as it is now (real measurements, nothing assumed). */
export const SUITE_CHECKS: Record<SuiteName, () => Promise<CheckResult[]>> = {
  async responsive() {
    const width = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - width;
    return [
      result('Breakpoint', 'pass', `${width} px wide: ${breakpointOf(width)}, ${deviceClassOf(width)} layout`),
      result(
        'No sideways scrolling',
        overflow > 0 ? 'fail' : 'pass',
        overflow > 0 ? `${overflow} px wider than the window` : 'fits the window',
      ),
      result('Smallest supported width', width < 320 ? 'warn' : 'pass', width < 320 ? 'below 320 px (xs)' : 'at least 320 px'),
    ];
  },
  async touch() {
    const targets = measureTapTargets();
    const small = smallTargets(targets);
    return [
      result(
        `Targets at least ${TOUCH_TARGET_MIN_PX} px`,
        small.length === 0 ? 'pass' : 'warn',
        small.length === 0
          ? `${targets.length} targets measured`
          : `${small.length} of ${targets.length} smaller: ${small
              .slice(0, 5)
              .map((target) => `"${target.label}" ${target.width}×${target.height}`)
              .join(', ')}`,
      ),
      result(
        'Touch screen',
        'pass',
        navigator.maxTouchPoints > 0 ? `${navigator.maxTouchPoints} touch points` : 'no touch screen reported',
      ),
    ];
  },
  async performance() {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const transferredKb = Math.round(resources.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024);
    const loadMs = navigation ? Math.round(navigation.loadEventEnd - navigation.startTime) : 0;
    return [
      result('Page load', loadMs > 5_000 ? 'warn' : 'pass', navigation ? `${loadMs} ms to load` : 'not measured by this browser'),
      result('Data fetched', transferredKb > 1_000 ? 'warn' : 'pass', `${resources.length} files, ${transferredKb} KB over the network`),
    ];
  },
  async api() {
    const checks: CheckResult[] = [];
    for (const path of ['/api/health', '/api/fields?limit=1', '/api/crop-types']) {
      const { status, ms } = await timedGet(path);
      checks.push(
        result(
          `GET ${path}`,
          status >= 200 && status < 300 ? (ms > 1_400 ? 'warn' : 'pass') : 'fail',
          `${status || 'no answer'} in ${ms} ms`,
        ),
      );
    }
    return checks;
  },
  async optimization() {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const scripts = resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    const compressed = scripts.filter((entry) => entry.encodedBodySize > 0 && entry.encodedBodySize < entry.decodedBodySize);
    const cached = resources.filter((entry) => entry.transferSize === 0 && entry.decodedBodySize > 0);
    const worker = 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
    return [
      result('Scripts compressed', compressed.length === scripts.length ? 'pass' : 'warn', `${compressed.length} of ${scripts.length}`),
      result('Served from cache', 'pass', `${cached.length} of ${resources.length} files`),
      result('Offline copy (service worker)', worker ? 'pass' : 'warn', worker ? 'registered' : 'not registered'),
    ];
  },
};

/** The device and connection a report was made on. */
export function deviceAndNetwork() {
  const connection = (
    navigator as Navigator & { connection?: { effectiveType?: string; rtt?: number; downlink?: number; saveData?: boolean } }
  ).connection;
  return {
    device: {
      userAgent: navigator.userAgent,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      devicePixelRatio: window.devicePixelRatio,
      touchPoints: navigator.maxTouchPoints,
      deviceClass: deviceClassOf(window.innerWidth),
    },
    network: {
      online: navigator.onLine,
      effectiveType: connection?.effectiveType ?? null,
      rttMs: connection?.rtt ?? null,
      downlinkMbps: connection?.downlink ?? null,
      saveData: connection?.saveData ?? null,
    },
  };
}
