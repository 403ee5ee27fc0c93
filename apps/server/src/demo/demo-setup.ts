import { randomBytes } from 'node:crypto';
import type { FieldBoundary } from '@murimi/core';
import { addDays, circleToPolygon, isoDay } from '@murimi/core';
import { writeDemoCatalog, type DemoCrop } from '@murimi/earth';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Runtime } from '../runtime.ts';
import { analysisSlugs, analysisTypes } from '../modules/analysis/analysis-types.ts';
import { evaluateAlerts } from '../modules/alerts/alert-evaluation.ts';
import { PROGRAMME_NAME, removeProgrammePeople, setUpDemoProgramme } from './demo-programme.ts';

/**
 * The demo: an organisation and account, two farms with six fields of maize, soybean and tobacco near Harare,
 * Lusaka and Lilongwe (0.6 to 24 ha), soil tests and fertilizer applications, simulated imagery for them, and every
 * analysis run once — so a newcomer sees the whole product on a machine without internet. Everything is made through
 * the API, as a user would make it; the organisation is then marked `demo`, which makes its analyses read the
 * simulated imagery and fall back to simulated weather when Open-Meteo cannot be reached.
 */
export const DEMO_EMAIL = 'demo@example.com';

/** A rectangle of about `hectares` centred on a point (north-up; a little wider than deep). */
function plot(centre: [number, number], hectares: number): FieldBoundary {
  const sideM = Math.sqrt(hectares * 10_000);
  const halfLat = (sideM * 0.9) / 2 / 110_750;
  const halfLng = sideM / 0.9 / 2 / (111_320 * Math.cos((centre[1] * Math.PI) / 180));
  const [lng, lat] = centre;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - halfLng, lat + halfLat],
        [lng + halfLng, lat + halfLat],
        [lng + halfLng, lat - halfLat],
        [lng - halfLng, lat - halfLat],
        [lng - halfLng, lat + halfLat],
      ],
    ],
  };
}

interface DemoFieldPlan {
  farm: 0 | 1;
  name: string;
  cropType: string;
  demoCrop: DemoCrop;
  daysSincePlanting: number;
  boundary: FieldBoundary;
  soilTexture: string;
  irrigated: boolean;
  soil: { nitrogen: number; phosphorus: number; potassium: number; ph: number };
  basal: { product: string; n: number; p: number; k: number; rateKgPerHa: number } | null;
}

const FARMS = [
  { name: 'Chikomo Farm', location: 'Ruwa', district: 'Goromonzi', country: 'ZW' },
  { name: 'Tiyende Co-operative demonstration plots', location: 'Chongwe and Mitundu', district: 'Chongwe', country: 'ZM' },
];

const FIELDS: DemoFieldPlan[] = [
  {
    farm: 0,
    name: 'Centre pivot',
    cropType: 'maize-grain',
    demoCrop: 'maize',
    daysSincePlanting: 62,
    // A pivot of 276 m radius: 24 ha.
    boundary: circleToPolygon([31.2012, -17.8905], 276),
    soilTexture: 'sandy-clay-loam',
    irrigated: true,
    soil: { nitrogen: 24, phosphorus: 21, potassium: 160, ph: 6.2 },
    basal: { product: 'Compound D', n: 7, p: 14, k: 7, rateKgPerHa: 400 },
  },
  {
    farm: 0,
    name: 'Vlei soybean',
    cropType: 'soybean',
    demoCrop: 'soybean',
    daysSincePlanting: 45,
    boundary: plot([31.2105, -17.8952], 8),
    soilTexture: 'clay-loam',
    irrigated: false,
    soil: { nitrogen: 30, phosphorus: 12, potassium: 120, ph: 5.8 },
    basal: { product: 'Compound L', n: 5, p: 18, k: 10, rateKgPerHa: 250 },
  },
  {
    farm: 0,
    name: 'Tobacco lands',
    cropType: 'tobacco-flue-cured',
    demoCrop: 'tobacco',
    daysSincePlanting: 50,
    boundary: plot([31.1935, -17.8841], 2.5),
    soilTexture: 'sandy-loam',
    irrigated: false,
    soil: { nitrogen: 15, phosphorus: 28, potassium: 210, ph: 5.6 },
    basal: null,
  },
  {
    farm: 1,
    name: 'Chongwe maize',
    cropType: 'maize-grain',
    demoCrop: 'maize',
    daysSincePlanting: 38,
    boundary: plot([28.6822, -15.3305], 1.2),
    soilTexture: 'loam',
    irrigated: false,
    soil: { nitrogen: 12, phosphorus: 9, potassium: 95, ph: 5.2 },
    basal: { product: 'Compound D', n: 7, p: 14, k: 7, rateKgPerHa: 200 },
  },
  {
    farm: 1,
    name: 'Chongwe soybean',
    cropType: 'soybean',
    demoCrop: 'soybean',
    daysSincePlanting: 30,
    boundary: plot([28.6848, -15.3318], 0.8),
    soilTexture: 'loamy-sand',
    irrigated: false,
    soil: { nitrogen: 18, phosphorus: 16, potassium: 105, ph: 6.0 },
    basal: null,
  },
  {
    farm: 1,
    name: 'Mitundu tobacco',
    cropType: 'tobacco-flue-cured',
    demoCrop: 'tobacco',
    daysSincePlanting: 55,
    boundary: plot([33.7721, -14.2433], 0.6),
    soilTexture: 'sandy-loam',
    irrigated: false,
    soil: { nitrogen: 20, phosphorus: 25, potassium: 180, ph: 5.9 },
    basal: null,
  },
];

export interface DemoSummary {
  email: string;
  password: string;
  /** The programme's people, one per role, with the same password. */
  programme: { name: string; farms: number; people: { role: string; email: string }[]; analyses: Record<string, number> };
  fields: { name: string; analyses: Record<string, string>; alerts: string[] }[];
  imagery: { scenes: number; megabytes: number };
}

/**
 * Builds the demo on a running runtime (its workers run the analyses). An earlier demo organisation and account are
 * removed first, so running it again gives a fresh demo for today's date with a new password.
 */
export async function setUpDemo(runtime: Pick<Runtime, 'app' | 'ctx'>, log: (line: string) => void): Promise<DemoSummary> {
  const { app, ctx } = runtime;
  const db = ctx.database.db;
  const today = ctx.now();

  const earlier = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (earlier) {
    const orgIds = (await db.selectFrom('memberships').select('orgId').where('userId', '=', earlier.id).execute()).map((row) => row.orgId);
    if (orgIds.length > 0) await db.deleteFrom('organisations').where('id', 'in', orgIds).execute();
    await db.deleteFrom('users').where('id', '=', earlier.id).execute();
    log('Removed the earlier demo.');
  }
  await removeProgrammePeople(ctx);

  const password = `demo-${randomBytes(6).toString('base64url')}`;
  const register = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: DEMO_EMAIL, password, name: 'Demo Agronomist', country: 'ZW' },
  });
  if (register.statusCode !== 201) throw new Error(`Registering the demo account failed: ${register.body}`);
  const { access_token: token, user } = register.json();
  const orgId: string = user.organisation.id;
  await db.updateTable('organisations').set({ name: 'Murimi demo', demo: true }).where('id', '=', orgId).execute();
  await db.updateTable('users').set({ emailVerifiedAt: today }).where('id', '=', user.id).execute();
  const api = async (options: InjectOptions) => {
    const response = await app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode >= 400) throw new Error(`${options.method} ${options.url} failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const farmIds: string[] = [];
  for (const farm of FARMS) farmIds.push((await api({ method: 'POST', url: '/api/farms', payload: farm })).data.id);

  const created: { id: string; plan: DemoFieldPlan; plantingDate: string }[] = [];
  for (const plan of FIELDS) {
    const plantingDate = addDays(isoDay(today), -plan.daysSincePlanting);
    const field = await api({
      method: 'POST',
      url: '/api/fields',
      payload: {
        name: plan.name,
        farmId: farmIds[plan.farm],
        boundary: plan.boundary,
        cropType: plan.cropType,
        plantingDate,
        soilTexture: plan.soilTexture,
        irrigated: plan.irrigated,
      },
    });
    const id: string = field.data.id;
    await api({
      method: 'POST',
      url: '/api/soil-tests',
      payload: {
        fieldId: id,
        ...plan.soil,
        unit: 'ppm',
        sampleDate: addDays(plantingDate, -30),
        depthCm: 20,
      },
    });
    if (plan.basal) {
      await api({
        method: 'POST',
        url: '/api/fertilizer-applications',
        payload: {
          fieldId: id,
          product: plan.basal.product,
          nitrogenPct: plan.basal.n,
          phosphatePct: plan.basal.p,
          potashPct: plan.basal.k,
          rateKgPerHa: plan.basal.rateKgPerHa,
          applicationDate: plantingDate,
          method: 'banded',
        },
      });
    }
    created.push({ id, plan, plantingDate });
  }
  log(`Created the account, ${FARMS.length} farms and ${FIELDS.length} fields with soil tests and applications.`);
  const programme = await setUpDemoProgramme(app, ctx, { userId: user.id, token }, password);
  log(`Created the programme "${PROGRAMME_NAME}": ${programme.fields.length} farms in 2 wards, and a person for each role.`);

  const earliestPlanting = [...created, ...programme.fields].map((field) => field.plantingDate).sort()[0]!;
  const catalog = await writeDemoCatalog({
    fields: [
      ...created.map(({ id, plan, plantingDate }) => ({ id, name: plan.name, crop: plan.demoCrop, plantingDate, boundary: plan.boundary })),
      ...programme.fields.map(({ id, name, crop, plantingDate, boundary, peakCover }) => ({
        id,
        name,
        crop,
        plantingDate,
        boundary,
        peakCover,
      })),
    ],
    from: addDays(earliestPlanting, -15),
    to: isoDay(today),
    directory: ctx.config.imagery.demoDir,
  });
  log(
    `Wrote ${catalog.items.length} simulated satellite scenes (${(catalog.totalBytes / 1e6).toFixed(1)} MB) to ${ctx.config.imagery.demoDir}.`,
  );

  const runs: { field: string; type: string; id: string }[] = [];
  for (const field of created) {
    for (const type of analysisTypes) {
      const started = await api({
        method: 'POST',
        url: `/api/analysis/${field.id}/${analysisSlugs[type]}/run`,
        payload: { field_id: field.id },
      });
      runs.push({ field: field.id, type, id: started.data.id });
    }
  }
  // The programme's plots get every analysis too: each role's screens open on real advice.
  const programmeRuns: { field: string; type: string; id: string }[] = [];
  for (const field of programme.fields) {
    for (const type of analysisTypes) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/analysis/${field.id}/${analysisSlugs[type]}/run`,
        headers: { authorization: `Bearer ${programme.token}` },
        payload: { field_id: field.id },
      });
      if (response.statusCode !== 202) throw new Error(`Running the ${type} analysis of ${field.name} failed: ${response.body}`);
      programmeRuns.push({ field: field.id, type, id: response.json().data.id });
    }
  }
  log(`Running ${runs.length + programmeRuns.length} analyses…`);
  const [finished, programmeFinished] = await Promise.all([
    waitForAnalyses(app, token, runs),
    waitForAnalyses(app, programme.token, programmeRuns),
  ]);
  const programmeAnalyses: Record<string, number> = {};
  for (const run of programmeRuns) {
    const outcome = programmeFinished.get(run.id) ?? 'not finished';
    const key = outcome.startsWith('failed') ? 'failed' : outcome === 'not finished' ? 'not finished' : 'completed';
    programmeAnalyses[key] = (programmeAnalyses[key] ?? 0) + 1;
  }

  // The alert rules on the demo's own data (its simulated weather and imagery, its water balance): what the alerts
  // screen shows from the first sign-in. Each completed analysis also queued an evaluation; this one does not wait for them.
  await evaluateAlerts({ ...ctx, log: app.log }, [...created.map((field) => field.id), ...programme.fields.map((field) => field.id)]);
  const alerts = await db
    .selectFrom('alerts')
    .select(['fieldId', 'ruleId', 'severity', 'alertDate'])
    .where('orgId', '=', orgId)
    .where('endedAt', 'is', null)
    .orderBy('alertDate')
    .execute();
  log(`The alert rules found ${alerts.length} alert${alerts.length === 1 ? '' : 's'} in the demo's data.`);
  return {
    email: DEMO_EMAIL,
    password,
    programme: { name: PROGRAMME_NAME, farms: programme.fields.length, people: programme.people, analyses: programmeAnalyses },
    imagery: { scenes: catalog.items.length, megabytes: catalog.totalBytes / 1e6 },
    fields: created.map(({ id, plan }) => ({
      name: plan.name,
      analyses: Object.fromEntries(runs.filter((run) => run.field === id).map((run) => [run.type, finished.get(run.id) ?? 'not finished'])),
      alerts: alerts.filter((alert) => alert.fieldId === id).map((alert) => `${alert.severity} ${alert.ruleId} (${alert.alertDate})`),
    })),
  };
}

/** Waits until every analysis has finished (up to 5 minutes); its summary, or its error. */
async function waitForAnalyses(app: FastifyInstance, token: string, runs: { field: string; type: string; id: string }[]) {
  const finished = new Map<string, string>();
  const deadline = Date.now() + 5 * 60_000;
  while (finished.size < runs.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const run of runs) {
      if (finished.has(run.id)) continue;
      const response = await app.inject({
        method: 'GET',
        url: `/api/analysis/${run.field}/${run.type}/${run.id}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const analysis = response.json().data;
      if (analysis.status === 'completed') finished.set(run.id, analysis.summary);
      if (analysis.status === 'failed') finished.set(run.id, `failed: ${analysis.error}`);
    }
  }
  return finished;
}
