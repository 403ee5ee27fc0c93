import { boundaryAsPolygon, type FieldBoundary, columnName, csvLine } from '@murimi/core';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { untyped, type OwnedTable } from '../../db/owned-records.ts';
import { photoKey, type PhotoStore } from '../visits/photo-store.ts';
import type { ArchiveFile } from '../../zip-stream.ts';

/**
 * The archives people take their data away in (POPIA s23–25, Zimbabwe's Data Protection Act 2021 s14): a person's
 * own (their profile, the organisations they belong to, and every record the audit trail says they created, in any
 * organisation) and an organisation's (its people, groups, farms, fields, records and audit trail). Records as CSV,
 * boundaries as GeoJSON. Read a page at a time, so an organisation of 15,000 fields is sent without holding it.
 */

/** Whose records: what one person created, or everything an organisation keeps. */
export type ExportScope = { person: string } | { organisation: string };

/** Rows read from the database per page; a page of fields with detailed boundaries stays a few megabytes. */
const PAGE_ROWS = 200;

/** The columns each kind of record is exported with: what was entered, not what the server derives from it. */
const RECORD_COLUMNS = {
  farms: ['id', 'orgId', 'name', 'location', 'district', 'country', 'notes', 'groupId', 'farmerUserId', 'createdAt', 'updatedAt'],
  fields: [
    'id',
    'orgId',
    'farmId',
    'name',
    'sizeHectares',
    'centroidLat',
    'centroidLng',
    'cropType',
    'variety',
    'plantingDate',
    'expectedHarvestDate',
    'actualHarvestDate',
    'soilTexture',
    'irrigated',
    'createdAt',
    'updatedAt',
  ],
  soilTests: [
    'id',
    'orgId',
    'fieldId',
    'sampleDate',
    'nitrogen',
    'phosphorus',
    'potassium',
    'unit',
    'ph',
    'organicMatterPct',
    'ecDsPerM',
    'depthCm',
    'lab',
    'notes',
    'createdAt',
    'updatedAt',
  ],
  fertilizerApplications: [
    'id',
    'orgId',
    'fieldId',
    'applicationDate',
    'product',
    'nitrogenPct',
    'phosphatePct',
    'potashPct',
    'rateKgPerHa',
    'method',
    'notes',
    'createdAt',
    'updatedAt',
  ],
  irrigationEvents: ['id', 'orgId', 'fieldId', 'irrigationDate', 'depthMm', 'method', 'notes', 'createdAt', 'updatedAt'],
  rainReadings: ['id', 'orgId', 'fieldId', 'readingDate', 'rainMm', 'notes', 'createdAt', 'updatedAt'],
  harvests: [
    'id',
    'orgId',
    'fieldId',
    'harvestDate',
    'seasonLabel',
    'plantingDate',
    'harvestedTonnesPerHa',
    'moisturePct',
    'notes',
    'createdAt',
    'updatedAt',
  ],
  visits: [
    'id',
    'orgId',
    'fieldId',
    'visitDate',
    'visitedBy',
    'cropStage',
    'pestSeen',
    'pestCount',
    'diseaseSeen',
    'weeds',
    'waterStatus',
    'notes',
    'latitude',
    'longitude',
    'locationAccuracyM',
    'photoIds',
    'createdAt',
    'updatedAt',
  ],
} as const satisfies { [T in OwnedTable]: readonly (keyof DB[T] & string)[] };

const RECORD_FILE_NAMES: Record<OwnedTable, string> = {
  farms: 'farms.csv',
  fields: 'fields.csv',
  soilTests: 'soil-tests.csv',
  fertilizerApplications: 'fertilizer-applications.csv',
  irrigationEvents: 'irrigation.csv',
  rainReadings: 'rain-readings.csv',
  harvests: 'harvests.csv',
  visits: 'visits.csv',
};

// Kysely cannot type a query over a table chosen at run time; the columns above are checked against the schema's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** The rows of `table` in scope: an organisation's own, or those the person's `created` audit lines name. */
function inScope(db: Kysely<DB>, table: OwnedTable, scope: ExportScope, query: AnyQuery): AnyQuery {
  if ('organisation' in scope) return query.where(`${table}.orgId`, '=', scope.organisation);
  const created = db
    .selectFrom('auditEvents')
    .select('auditEvents.recordId')
    .where('auditEvents.userId', '=', scope.person)
    .where('auditEvents.action', '=', 'created')
    .where('auditEvents.recordKind', '=', table);
  return query.where(`${table}.id`, 'in', created);
}

/** Pages of rows in id order, each read after the last: the database never sorts more than it returns. */
async function* pages<Row extends { id: string }>(read: (afterId: string | null) => Promise<Row[]>): AsyncIterable<Row[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = rows.at(-1)!.id;
  }
}

function recordsCsv(db: Kysely<DB>, table: OwnedTable, scope: ExportScope): ArchiveFile {
  const columns: readonly string[] = RECORD_COLUMNS[table];
  return {
    name: RECORD_FILE_NAMES[table],
    async *text() {
      yield csvLine(columns.map(columnName));
      const read = (after: string | null) => {
        let query: AnyQuery = untyped(db)
          .selectFrom(table)
          .select(columns.map((column) => `${table}.${column}`));
        query = inScope(db, table, scope, query);
        if (after) query = query.where(`${table}.id`, '>', after);
        return query.orderBy(`${table}.id`).limit(PAGE_ROWS).execute() as Promise<({ id: string } & Record<string, unknown>)[]>;
      };
      for await (const rows of pages(read)) yield rows.map((row) => csvLine(columns.map((column) => row[column]))).join('');
    },
  };
}

/**
 * The photos of the visits in scope, one file each (`visit-photos/<visit id>/<photo id>.jpg`), read from the photo
 * store one at a time as the archive is written. A photo the store has lost is left out, not written empty.
 */
async function* visitPhotos(db: Kysely<DB>, photos: PhotoStore, scope: ExportScope): AsyncIterable<ArchiveFile> {
  const read = (after: string | null) => {
    let query: AnyQuery = untyped(db)
      .selectFrom('visits')
      .select(['visits.id', 'visits.orgId', 'visits.photoIds'])
      .where(sql<boolean>`cardinality(visits.photo_ids) > 0`);
    query = inScope(db, 'visits', scope, query);
    if (after) query = query.where('visits.id', '>', after);
    return query.orderBy('visits.id').limit(PAGE_ROWS).execute() as Promise<{ id: string; orgId: string; photoIds: string[] }[]>;
  };
  for await (const rows of pages(read)) {
    for (const visit of rows) {
      for (const photoId of visit.photoIds) {
        const jpeg = await photos.get(photoKey(visit.orgId, visit.id, photoId));
        if (jpeg) yield { name: `visit-photos/${visit.id}/${photoId}.jpg`, bytes: jpeg };
      }
    }
  }
}

/**
 * The fields' boundaries as one GeoJSON FeatureCollection (RFC 7946, WGS 84). A polygon is passed on as the
 * database's text, never parsed here; a circle is written as its traced polygon with `radius_m` kept.
 */
function boundariesGeoJson(db: Kysely<DB>, scope: ExportScope): ArchiveFile {
  return {
    name: 'fields.geojson',
    async *text() {
      yield '{"type":"FeatureCollection","features":[\n';
      let first = true;
      const read = (after: string | null) => {
        let query: AnyQuery = untyped(db)
          .selectFrom('fields')
          .select(['fields.id', 'fields.name', 'fields.farmId', 'fields.cropType', 'fields.plantingDate', 'fields.sizeHectares'])
          .select([sql<string>`boundary::text`.as('boundaryJson'), sql<string>`boundary->>'type'`.as('shape')]);
        query = inScope(db, 'fields', scope, query);
        if (after) query = query.where('fields.id', '>', after);
        return query.orderBy('fields.id').limit(PAGE_ROWS).execute() as Promise<
          {
            id: string;
            name: string;
            farmId: string;
            cropType: string | null;
            plantingDate: string | null;
            sizeHectares: number;
            boundaryJson: string;
            shape: string;
          }[]
        >;
      };
      for await (const rows of pages(read)) {
        const features = rows.map((row) => {
          let geometry = row.boundaryJson;
          const properties: Record<string, unknown> = {
            name: row.name,
            farm_id: row.farmId,
            crop: row.cropType,
            planting_date: row.plantingDate,
            size_hectares: row.sizeHectares,
          };
          if (row.shape === 'Point') {
            const circle = JSON.parse(row.boundaryJson) as FieldBoundary & { type: 'Point' };
            geometry = JSON.stringify(boundaryAsPolygon(circle));
            properties.shape = 'circle';
            properties.radius_m = circle.properties.radius;
          }
          return `{"type":"Feature","id":${JSON.stringify(row.id)},"geometry":${geometry},"properties":${JSON.stringify(properties)}}`;
        });
        yield (first ? '' : ',\n') + features.join(',\n');
        first = false;
      }
      yield '\n]}\n';
    },
  };
}

function recordFiles(db: Kysely<DB>, scope: ExportScope): ArchiveFile[] {
  const tables = Object.keys(RECORD_COLUMNS) as OwnedTable[];
  return [...tables.map((table) => recordsCsv(db, table, scope)), boundariesGeoJson(db, scope)];
}

function textFile(name: string, make: () => Promise<string>): ArchiveFile {
  return {
    name,
    async *text() {
      yield await make();
    },
  };
}

/** The audit lines in time order, a page at a time: who did what to which record. */
function auditCsv(db: Kysely<DB>, scope: ExportScope, name: string): ArchiveFile {
  return {
    name,
    async *text() {
      yield csvLine(['at', 'organisation_id', 'user_id', 'person', 'record_kind', 'record_id', 'action', 'changed_keys']);
      let after: { at: Date; id: string } | null = null;
      for (;;) {
        let query = db
          .selectFrom('auditEvents')
          .leftJoin('users', 'users.id', 'auditEvents.userId')
          .select([
            'auditEvents.id',
            'auditEvents.at',
            'auditEvents.orgId',
            'auditEvents.userId',
            'users.name',
            'auditEvents.recordKind',
            'auditEvents.recordId',
            'auditEvents.action',
            'auditEvents.changedKeys',
          ]);
        query =
          'organisation' in scope
            ? query.where('auditEvents.orgId', '=', scope.organisation)
            : query.where('auditEvents.userId', '=', scope.person);
        if (after) {
          const { at, id } = after;
          query = query.where(({ eb, refTuple, tuple }) => eb(refTuple('auditEvents.at', 'auditEvents.id'), '>', tuple(at, id)));
        }
        const rows = await query.orderBy('auditEvents.at').orderBy('auditEvents.id').limit(PAGE_ROWS).execute();
        yield rows
          .map((row) =>
            csvLine([row.at, row.orgId, row.userId, row.name, row.recordKind, row.recordId, row.action, row.changedKeys.join(' ')]),
          )
          .join('');
        if (rows.length < PAGE_ROWS) return;
        after = { at: rows.at(-1)!.at, id: rows.at(-1)!.id };
      }
    },
  };
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

const PERSON_README = `Your data from Murimi

profile.json            your name, e-mail, phones, country and message settings
organisations.json      the organisations you belong to and your role in each
farms.csv, fields.csv   the farms and fields you created
fields.geojson          the boundaries of the fields you created (WGS 84; open in QGIS or Google Earth)
soil-tests.csv, fertilizer-applications.csv, irrigation.csv, rain-readings.csv, harvests.csv, visits.csv
                        the records you wrote, as they are kept now (a record another person changed since shows
                        their change; activity.csv says who changed what and when)
activity.csv            everything you created, changed or deleted, when, and in which organisation
visit-photos/           the photos of your field visits, one folder per visit (JPEG, as they were sent)

Records written before the audit trail began (November 2026) have no author and are in the organisation's export.
Dates are ISO 8601 (UTC); areas in hectares, depths and rain in mm, rates in kg/ha, yields in t/ha.
`;

/** Everything one person wrote, with who they are and where they belong. */
export async function* personArchive(db: Kysely<DB>, photos: PhotoStore, userId: string): AsyncIterable<ArchiveFile> {
  const scope: ExportScope = { person: userId };
  yield* [
    textFile('README.txt', async () => PERSON_README),
    textFile('profile.json', async () => {
      const user = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'phone', 'smsPhone', 'country', 'emailVerifiedAt', 'notificationPreferences', 'createdAt'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return json(user);
    }),
    textFile('organisations.json', async () => {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('organisations', 'organisations.id', 'memberships.orgId')
        .select(['organisations.id as organisationId', 'organisations.name', 'memberships.role', 'memberships.createdAt as joinedAt'])
        .where('memberships.userId', '=', userId)
        .orderBy('organisations.name')
        .execute();
      return json(rows);
    }),
    ...recordFiles(db, scope),
    auditCsv(db, scope, 'activity.csv'),
  ];
  yield* visitPhotos(db, photos, scope);
}

const ORGANISATION_README = `An organisation's data from Murimi

organisation.json       the organisation
members.csv             its people, their roles and how to reach them
groups.csv              its groups of farms (wards, districts, clubs) and the agronomists who follow each
farms.csv, fields.csv   its farms and fields
fields.geojson          the fields' boundaries (WGS 84; open in QGIS or Google Earth)
soil-tests.csv, fertilizer-applications.csv, irrigation.csv, rain-readings.csv, harvests.csv, visits.csv
                        the records kept on its fields
audit.csv               who created, changed or deleted each farm, field and record, and when
visit-photos/           the photos of its field visits, one folder per visit (JPEG, as they were sent)

Dates are ISO 8601 (UTC); areas in hectares, depths and rain in mm, rates in kg/ha, yields in t/ha.
`;

/** Everything an organisation keeps, for its owner. */
export async function* organisationArchive(db: Kysely<DB>, photos: PhotoStore, orgId: string): AsyncIterable<ArchiveFile> {
  const scope: ExportScope = { organisation: orgId };
  yield* [
    textFile('README.txt', async () => ORGANISATION_README),
    textFile('organisation.json', async () =>
      json(await db.selectFrom('organisations').select(['id', 'name', 'createdAt']).where('id', '=', orgId).executeTakeFirstOrThrow()),
    ),
    textFile('members.csv', async () => {
      const rows = await db
        .selectFrom('memberships')
        .innerJoin('users', 'users.id', 'memberships.userId')
        .select(['users.id', 'users.name', 'users.email', 'users.phone', 'memberships.role', 'memberships.createdAt'])
        .where('memberships.orgId', '=', orgId)
        .orderBy('users.name')
        .execute();
      return (
        csvLine(['user_id', 'name', 'email', 'phone', 'role', 'joined_at']) +
        rows.map((row) => csvLine([row.id, row.name, row.email, row.phone, row.role, row.createdAt])).join('')
      );
    }),
    textFile('groups.csv', async () => {
      const rows = await db
        .selectFrom('farmGroups')
        .leftJoin('groupAgronomists', 'groupAgronomists.groupId', 'farmGroups.id')
        .leftJoin('users', 'users.id', 'groupAgronomists.userId')
        .select(['farmGroups.id', 'farmGroups.name', 'users.id as agronomistId', 'users.name as agronomist'])
        .where('farmGroups.orgId', '=', orgId)
        .orderBy('farmGroups.name')
        .orderBy('users.name')
        .execute();
      return (
        csvLine(['group_id', 'group', 'agronomist_user_id', 'agronomist']) +
        rows.map((row) => csvLine([row.id, row.name, row.agronomistId, row.agronomist])).join('')
      );
    }),
    ...recordFiles(db, scope),
    auditCsv(db, scope, 'audit.csv'),
  ];
  yield* visitPhotos(db, photos, scope);
}
