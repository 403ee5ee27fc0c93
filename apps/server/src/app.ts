import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.ts';
import { registerErrorHandling } from './errors.ts';
import { requirePolicyActions } from './policy/guard.ts';
import { inRequestScope } from './request-actor.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { programmeRoutes } from './modules/programme/programme.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { requestForLog } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { cropTypeRoutes } from './modules/crop-types/crop-types.routes.ts';
import { farmRoutes } from './modules/farms/farms.routes.ts';
import { fertilizerApplicationRoutes } from './modules/fertilizer-applications/fertilizer-applications.routes.ts';
import { fieldRoutes } from './modules/fields/fields.routes.ts';
import { harvestRoutes } from './modules/harvests/harvests.routes.ts';
import { visitRoutes } from './modules/visits/visits.routes.ts';
import { APP_VERSION, healthRoutes } from './modules/health/health.routes.ts';
import { soilTestRoutes } from './modules/soil-tests/soil-tests.routes.ts';
import { waterRecordRoutes } from './modules/water-records/water-records.routes.ts';
import { weatherRoutes } from './modules/weather/weather.routes.ts';
import { analysisRoutes } from './modules/analysis/analysis.routes.ts';
import { zoneRoutes } from './modules/zones/zones.routes.ts';
import { imageryRoutes } from './modules/imagery/imagery.routes.ts';
import { alertRoutes } from './modules/alerts/alerts.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { smsWebhookRoutes } from './modules/sms/sms-webhooks.routes.ts';
import { insightRoutes } from './modules/insights/insights.routes.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { timeRequests } from './modules/metrics/process-metrics.ts';
import { clientLogRoutes } from './modules/client-logs/client-logs.routes.ts';

/**
 * A request's id: the one a proxy in front gave it (`X-Request-Id`, when it looks like an id), so that the proxy's log
 * and ours name the request alike; else a new UUID, unique across servers.
 */
function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{8,128}$/.test(given) ? given : randomUUID();
}

/**
 * While the server stops (SIGTERM), each answer still under way goes with `Connection: close`, and the connection it
 * leaves idle is closed: else a client's keep-alive connection would hold the stop for Fastify's keep-alive time (72 s).
 */
function closeConnectionsWhenStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (stopping) app.server.closeIdleConnections();
  });
}

/** Believes the nearest `hops` proxies (proxy-addr's hop count), as `trustProxy: n` does. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Largest JSON body: a field boundary of 5,000 corners is ~250 KB. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the server (plugins, then routes) without listening, so tests drive it with `inject`. Log lines go to
 * `logStream` when given (tests read them), else to stdout.
 */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; logStream?: DestinationStream } = {},
): Promise<FastifyInstance> {
  // Fastify logs each request's URL; `requestForLog` keeps the SMS callback secret out of it.
  const logger = {
    level: ctx.config.logLevel,
    serializers: { req: requestForLog },
    ...(options.logStream && { stream: options.logStream }),
  };
  const app = Fastify({
    logger: options.logger === false ? false : logger,
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestId,
    trustProxy: typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);

  // Each request in a scope of its own, where the policy notes who it acts for (the audit trail reads it). Its id
  // goes back with the answer, so a person's "it failed" can be found in the log (every line of the request has it).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    inRequestScope(done);
  });
  timeRequests(app);
  closeConnectionsWhenStopping(app);
  await app.register(fastifyHelmet, securityHeaders(ctx.config));
  registerErrorHandling(app);
  // Farmers pay for every byte on mobile data: JSON answers over 1 KB go compressed when the client accepts it.
  // Brotli quality 4 compresses about as well as gzip 6 at a fraction of quality 11's CPU.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${ctx.config.productName} API`, version: APP_VERSION },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      requirePolicyActions(api);
      await api.register(healthRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(cropTypeRoutes);
      await api.register(farmRoutes(ctx));
      await api.register(fieldRoutes(ctx));
      await api.register(soilTestRoutes(ctx));
      await api.register(fertilizerApplicationRoutes(ctx));
      await api.register(harvestRoutes(ctx));
      await api.register(visitRoutes(ctx));
      await api.register(waterRecordRoutes(ctx));
      await api.register(weatherRoutes(ctx));
      await api.register(analysisRoutes(ctx));
      await api.register(zoneRoutes(ctx));
      await api.register(imageryRoutes(ctx));
      await api.register(alertRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(smsWebhookRoutes(ctx));
      await api.register(metricsRoutes(ctx));
      await api.register(clientLogRoutes(ctx));
      await api.register(insightRoutes(ctx));
      await api.register(memberRoutes(ctx));
      await api.register(auditRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(onboardingRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(supportRoutes(ctx));
      await api.register(reportRoutes(ctx));
      await api.register(programmeRoutes(ctx));
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, ctx.config.webDistDir);
  return app;
}

/**
 * Serves the built web app: hashed assets cached for a year, public pages as prerendered HTML
 * (`dist/<path>/index.html`), and every other non-API path the app shell (`dist/app.html`), whose client
 * routing shows the screen or the not-found page.
 */
async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const appShell = path.join(webDistDir, 'app.html');
  const webBuilt = existsSync(appShell);
  const prerenderedPages = webBuilt ? findPrerenderedPages(webDistDir) : new Map<string, string>();
  const screenPages = webBuilt ? screenPagesWithPreloads(webDistDir) : new Map<string, string>();
  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Everything outside assets/ (pages, sw.js, the manifest) is revalidated on each use: a service worker
      // kept for long would hold phones on an old release.
      setHeaders: (response, filePath) =>
        response.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // HEAD is GET without the body (uptime checkers use it); Node leaves the body out of a HEAD answer.
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}.` } });
    }
    // A build file that is not there (a page of an earlier release asking for its code): not the app's page in its place.
    if (pathname.startsWith('/assets/')) return reply.status(404).type('text/plain').send(`No file ${pathname}.`);
    if (!webBuilt) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build:web`, then restart; the API is at /api.');
    }
    const route = pathname.replace(/(.)\/+$/, '$1');
    const screenPage = screenPages.get(route);
    if (screenPage) return reply.header('cache-control', 'no-cache').type('text/html').send(screenPage);
    const page = prerenderedPages.get(route);
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile(page ?? 'app.html', { maxAge: 0 });
  });
}

/**
 * The app shell for each screen the build listed in `route-preloads.json` (path → its files under /assets), with
 * those files named in its head: the browser fetches a screen's code, styles and map library together with the
 * entry, where it would otherwise find each file only once the one importing it has arrived and run (a round trip
 * of over half a second each on a slow mobile network). Built once at start; other paths get `app.html` as it is.
 */
function screenPagesWithPreloads(webDistDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const listFile = path.join(webDistDir, 'route-preloads.json');
  if (!existsSync(listFile)) return pages;
  const shell = readFileSync(path.join(webDistDir, 'app.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, string[]>;
  for (const [route, files] of Object.entries(preloads)) {
    const links = files
      .filter((file) => /^\/assets\/[\w.-]+\.(js|mjs|css)$/.test(file))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="${file}">`
          : `<link rel="modulepreload" crossorigin href="${file}">`,
      );
    pages.set(route, shell.replace('</head>', `${links.join('')}</head>`));
  }
  return pages;
}

/**
 * The prerendered public pages the build wrote, by path (`/` → index.html, `/pricing` → pricing/index.html),
 * read once at start rather than looked up on disk for every page request.
 */
function findPrerenderedPages(webDistDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (existsSync(path.join(webDistDir, 'index.html'))) pages.set('/', 'index.html');
  for (const entry of readdirSync(webDistDir, { withFileTypes: true })) {
    if (entry.isDirectory() && existsSync(path.join(webDistDir, entry.name, 'index.html')))
      pages.set(`/${entry.name}`, `${entry.name}/index.html`);
  }
  return pages;
}
