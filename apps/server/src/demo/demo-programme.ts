import type { FieldBoundary, MemberRole } from '@murimi/core';
import { addDays, isoDay } from '@murimi/core';
import type { DemoCrop } from '@murimi/earth';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { passwordHasher } from '../modules/auth/password-hashing.ts';

/**
 * The demo's programme: an extension programme of 30 smallholder farms in two wards, with a person for each role, so
 * that every role can be tried. The demo account owns it (and switches to it in the header); a manager runs it, an
 * agronomist follows Ward 7's farms, three farmers each have their farm, and a funder views it. Groups, farms,
 * assignments and fields are made through the API, as a programme would make them; the people are added directly,
 * as invitations will add them.
 */
export const PROGRAMME_NAME = 'Mhondoro–Chegutu maize and soybean programme';

/** Smallholder plots of 0.6 to 2.5 ha: Zimbabwe's communal-area farms hold 1–3 ha of arable land (ZimVAC 2022). */
const WARDS = [
  { name: 'Ward 7 – Mhondoro', centre: [30.55, -18.25] as [number, number], columns: 6, farms: 18 },
  { name: 'Ward 12 – Chegutu', centre: [30.15, -18.13] as [number, number], columns: 4, farms: 12 },
];
const PLOT_SPACING_M = 260;
/**
 * The green cover a smallholder's plot reaches (illustrative): unfertilised, hand-weeded, planted at the first good
 * rains, its canopy seldom closes — about 60 % where a well-managed field closes to about 90 % (the demo imagery's
 * defaults). With full canopies the simulated plots would read as commercial fields, and their yield estimates
 * (soybean near 4 t/ha) would stand above what smallholders harvest in southern Africa (soybean 1.5–3.5 t/ha).
 */
const SMALLHOLDER_PEAK_COVER = { maize: 0.62, soybean: 0.58, tobacco: 0.6 } as const;
const CROPS: { cropType: string; demoCrop: DemoCrop }[] = [
  { cropType: 'maize-grain', demoCrop: 'maize' },
  { cropType: 'maize-grain', demoCrop: 'maize' },
  { cropType: 'soybean', demoCrop: 'soybean' },
  { cropType: 'tobacco-flue-cured', demoCrop: 'tobacco' },
];
const FAMILY_NAMES = ['Moyo', 'Chiweshe', 'Mutasa', 'Ncube', 'Dube', 'Sibanda', 'Gumbo', 'Marufu', 'Chikore', 'Mazvimba'];

export const PROGRAMME_PEOPLE: { role: MemberRole; name: string; email: string }[] = [
  { role: 'manager', name: 'Rudo Manager', email: 'manager.demo@example.com' },
  { role: 'agronomist', name: 'Tendai Agronomist', email: 'agronomist.demo@example.com' },
  { role: 'farmer', name: 'Chipo Moyo', email: 'farmer1.demo@example.com' },
  { role: 'farmer', name: 'Tafadzwa Ncube', email: 'farmer2.demo@example.com' },
  { role: 'farmer', name: 'Nyasha Dube', email: 'farmer3.demo@example.com' },
  { role: 'viewer', name: 'Funder Viewer', email: 'funder.demo@example.com' },
];

/** A square plot of `hectares` with its south-west corner `eastM`, `northM` metres from `origin`. */
function plot(origin: [number, number], eastM: number, northM: number, hectares: number): FieldBoundary {
  const sideM = Math.sqrt(hectares * 10_000);
  const metresPerDegreeLng = 111_320 * Math.cos((origin[1] * Math.PI) / 180);
  const west = origin[0] + eastM / metresPerDegreeLng;
  const south = origin[1] + northM / 110_750;
  const east = west + sideM / metresPerDegreeLng;
  const north = south + sideM / 110_750;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, north],
        [east, north],
        [east, south],
        [west, south],
        [west, north],
      ],
    ],
  };
}

export interface ProgrammeField {
  id: string;
  name: string;
  crop: DemoCrop;
  plantingDate: string;
  boundary: FieldBoundary;
  peakCover: number;
}

export interface DemoProgramme {
  orgId: string;
  /** The demo account's session in the programme. */
  token: string;
  fields: ProgrammeField[];
  people: { role: MemberRole; email: string }[];
}

/**
 * Builds the programme with the demo account (`ownerToken`) as its owner; the people sign in with `password`. Earlier
 * demo people are removed by `removeProgrammePeople` first.
 */
export async function setUpDemoProgramme(
  app: FastifyInstance,
  ctx: AppContext,
  owner: { userId: string; token: string },
  password: string,
): Promise<DemoProgramme> {
  const db = ctx.database.db;
  const today = isoDay(ctx.now());
  const orgId = crypto.randomUUID();
  await db.insertInto('organisations').values({ id: orgId, name: PROGRAMME_NAME, demo: true }).execute();
  await db.insertInto('memberships').values({ orgId, userId: owner.userId, role: 'owner' }).execute();
  const switched = await app.inject({
    method: 'POST',
    url: '/api/auth/switch-organisation',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { organisationId: orgId },
  });
  const token: string = switched.json().access_token;
  const api = async (options: InjectOptions) => {
    const response = await app.inject({ ...options, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode >= 400) throw new Error(`${options.method} ${options.url} failed: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  // The people, members of the programme only (as people invited to it will be), so that they sign in there. One
  // password hash for all: they share the demo's password.
  const passwordHash = await passwordHasher.hash(password);
  const userIds = new Map<string, string>();
  for (const person of PROGRAMME_PEOPLE) {
    const userId = crypto.randomUUID();
    await db
      .insertInto('users')
      .values({ id: userId, email: person.email, passwordHash, name: person.name, phone: null, country: 'ZW', emailVerifiedAt: ctx.now() })
      .execute();
    await db.insertInto('memberships').values({ orgId, userId, role: person.role }).execute();
    userIds.set(person.email, userId);
  }
  const farmers = PROGRAMME_PEOPLE.filter((person) => person.role === 'farmer').map((person) => userIds.get(person.email)!);
  const agronomist = userIds.get(PROGRAMME_PEOPLE.find((person) => person.role === 'agronomist')!.email)!;

  const fields: ProgrammeField[] = [];
  let farmNumber = 0;
  for (const [w, ward] of WARDS.entries()) {
    const group = await api({ method: 'POST', url: '/api/organisation/groups', payload: { name: ward.name } });
    // Ward 7 is the agronomist's; Ward 12 waits for one (the screen says so).
    if (w === 0)
      await api({ method: 'PUT', url: `/api/organisation/groups/${group.data.id}`, payload: { agronomistUserIds: [agronomist] } });
    for (let i = 0; i < ward.farms; i += 1) {
      farmNumber += 1;
      const family = FAMILY_NAMES[(farmNumber * 7) % FAMILY_NAMES.length]!;
      const farm = await api({
        method: 'POST',
        url: '/api/farms',
        payload: {
          name: `${family} plot ${farmNumber}`,
          location: ward.name.split(' – ')[1],
          district: w === 0 ? 'Mhondoro-Ngezi' : 'Chegutu',
          country: 'ZW',
        },
      });
      // The first three farms of Ward 7 are the three farmers'.
      const farmerUserId = w === 0 && i < farmers.length ? farmers[i]! : null;
      await api({ method: 'PUT', url: `/api/farms/${farm.data.id}/assignment`, payload: { groupId: group.data.id, farmerUserId } });
      const crop = CROPS[farmNumber % CROPS.length]!;
      const hectares = 0.6 + ((farmNumber * 37) % 20) / 10;
      const plantingDate = addDays(today, -(25 + ((farmNumber * 11) % 36)));
      const boundary = plot(ward.centre, (i % ward.columns) * PLOT_SPACING_M, Math.floor(i / ward.columns) * PLOT_SPACING_M, hectares);
      // Named as a programme's officers name them: the crop and the family, so thirty plots read apart in a list.
      const name = `${crop.demoCrop === 'tobacco' ? 'Tobacco' : crop.demoCrop === 'soybean' ? 'Soybean' : 'Maize'} – ${family} ${farmNumber}`;
      const field = await api({
        method: 'POST',
        url: '/api/fields',
        payload: {
          name,
          farmId: farm.data.id,
          boundary,
          cropType: crop.cropType,
          plantingDate,
          irrigated: false,
          soilTexture: 'sandy-loam',
        },
      });
      fields.push({
        id: field.data.id,
        name,
        crop: crop.demoCrop,
        plantingDate,
        boundary,
        peakCover: SMALLHOLDER_PEAK_COVER[crop.demoCrop],
      });
    }
  }
  await logAgronomistVisits(app, fields.slice(0, WARDS[0]!.farms), today, password);
  return { orgId, token, fields, people: PROGRAMME_PEOPLE.map(({ role, email }) => ({ role, email })) };
}

/**
 * What the agronomist saw on Ward 7's plots, logged through the API under their own session, so the visit queue has
 * fields seen this week, a fortnight and a month ago, and some never: four of every five plots visited, at most once.
 */
const DEMO_VISITS = [
  {
    daysAgo: 3,
    cropStage: 'vegetative',
    pestSeen: 'Fall armyworm',
    pestCount: 6,
    weeds: 'light',
    waterStatus: 'adequate',
    notes: 'Fresh windowing on young leaves in the north-east corner; advised scouting again in a week.',
  },
  {
    daysAgo: 12,
    cropStage: 'vegetative',
    pestSeen: null,
    pestCount: null,
    weeds: 'moderate',
    waterStatus: 'adequate',
    notes: 'Even stand. Second weeding due.',
  },
  {
    daysAgo: 30,
    cropStage: 'emergence',
    pestSeen: 'Cutworm',
    pestCount: 3,
    weeds: 'none',
    waterStatus: 'dry',
    notes: 'Gaps along the south edge; replant where stand is thin.',
  },
  {
    daysAgo: 19,
    cropStage: 'vegetative',
    pestSeen: null,
    pestCount: null,
    weeds: 'heavy',
    waterStatus: 'adequate',
    notes: 'Weeds ahead of the crop between rows.',
  },
] as const;

async function logAgronomistVisits(app: FastifyInstance, fields: ProgrammeField[], today: string, password: string): Promise<void> {
  const agronomist = PROGRAMME_PEOPLE.find((person) => person.role === 'agronomist')!;
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: agronomist.email, password } });
  if (signIn.statusCode !== 200) throw new Error(`The demo agronomist could not sign in: ${signIn.statusCode} ${signIn.body}`);
  const headers = { authorization: `Bearer ${signIn.json().access_token as string}` };
  for (const [index, field] of fields.entries()) {
    if (index % 5 === 4) continue;
    const { daysAgo, ...seen } = DEMO_VISITS[index % DEMO_VISITS.length]!;
    const response = await app.inject({
      method: 'POST',
      url: '/api/visits',
      headers,
      payload: { fieldId: field.id, visitDate: addDays(today, -daysAgo), ...seen },
    });
    if (response.statusCode !== 201) throw new Error(`A demo visit failed: ${response.statusCode} ${response.body}`);
  }
}

/** The programme's people of an earlier demo (their farms went with its organisation). */
export async function removeProgrammePeople(ctx: AppContext): Promise<void> {
  await ctx.database.db
    .deleteFrom('users')
    .where(
      'email',
      'in',
      PROGRAMME_PEOPLE.map((person) => person.email),
    )
    .execute();
}
