/**
 * Texts of the developer pages (spec §2.3), shown only when the server runs with `DEV_PAGES=1`. They come with those
 * pages' code (`features/dev-pages/dev-texts.ts`).
 */
export const devPagesTexts = {
  loading: 'Loading…',
  apiDebug: {
    title: 'API debug',
    subtitle: 'Calls the API as this browser does, with your session, and shows each answer as it came.',
    run: 'Test API',
    running: 'Calling…',
    calls: 'Calls',
    status: 'Status {{status}}',
    noAnswer: 'No answer (network error)',
    body: 'Body',
    probeTitle: 'Endpoint probe',
    probeIntro:
      'Sends each endpoint of the API a harmless request: a made-up id, or a body of one true/false field that the server refuses. Nothing is created or deleted. Green 2xx, amber 4xx, red 5xx, grey no answer.',
    probe: 'Probe endpoints',
    probing: 'Probing…',
  },
  healthStatus: {
    title: 'Health status',
    subtitle: 'What the connection health monitor knows: it checks the server every 30 s.',
    connected: 'Connected',
    disconnected: 'Not connected',
    lastCheck: 'Last check',
    never: 'Not yet',
    responseTime: 'Response time',
    responseMs: '{{value}} ms',
    failures: 'Failed checks in a row',
    uptime: 'Uptime figure',
    uptimePercent: '{{value}} %',
    error: 'Last error',
    none: 'None',
    checkNow: 'Check now',
  },
};
