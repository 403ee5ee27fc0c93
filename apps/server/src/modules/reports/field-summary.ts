import { addDays, findCropType, type XlsxCell } from '@murimi/core';
import { sql } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';

/**
 * A programme's fields, one line each, as its pack's CSV and XLSX list them: what was seen, advised and done this
 * season. Read a page of fields at a time, so that a programme of any size is never whole in memory.
 */
export const FIELD_SUMMARY_COLUMNS = [
  'group',
  'farm',
  'field',
  'area_ha',
  'crop',
  'health_status',
  'mean_ndvi',
  'ndvi_image_date',
  'yield_low_t_per_ha',
  'yield_expected_t_per_ha',
  'yield_high_t_per_ha',
  'water_advice',
  'water_advice_followed',
  'nitrogen_advised_kg_per_ha',
  'nitrogen_applied_kg_per_ha',
  'alerts_emailed',
  'alerts_texted',
  'last_visit',
  'simulated',
] as const;

/** Fields read per query: a page of lines is a few hundred kilobytes. */
const PAGE_FIELDS = 500;
/**
 * Irrigation logged within this many days after the date advised counts as following the advice: the schedule's
 * date is when the root zone reaches its readily available water (FAO-56 p ≈ 0.55 for maize), and a field at 5–6 mm
 * of ET a day passes from there into stress over a few days (FAO-56 ch. 8), so a farmer three days late still saved
 * the crop from most of it.
 */
const FOLLOWED_WITHIN_DAYS = 3;

interface SummaryRow {
  id: string;
  group: string | null;
  farm: string;
  field: string;
  hectares: number;
  cropType: string | null;
  irrigated: boolean;
  healthStatus: string | null;
  meanNdvi: number | null;
  imageDate: string | null;
  healthSimulated: boolean | null;
  yieldLow: number | null;
  yieldExpected: number | null;
  yieldHigh: number | null;
  waterStatus: string | null;
  waterDate: string | null;
  waterDepthMm: number | null;
  waterAdvisedOn: string | null;
  firstIrrigationAfter: string | null;
  nitrogenAdvised: number | null;
  nitrogenApplied: number | null;
  emailed: number;
  texted: number;
  lastVisit: string | null;
}

const rounded = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)));

/** Whether the latest irrigation advice was followed, in words a spreadsheet filter can use. */
function followed(row: SummaryRow, today: string): string {
  if (row.waterStatus !== 'irrigate' || !row.waterDate) return '';
  if (row.firstIrrigationAfter && row.firstIrrigationAfter <= addDays(row.waterDate, FOLLOWED_WITHIN_DAYS)) return 'yes';
  return addDays(row.waterDate, FOLLOWED_WITHIN_DAYS) < today ? 'no' : 'not yet due';
}

function waterAdvice(row: SummaryRow): string {
  if (row.waterStatus === null) return row.irrigated ? 'no advice yet' : 'rain-fed';
  if (row.waterStatus === 'irrigate') return `irrigate ${row.waterDepthMm ?? '?'} mm by ${row.waterDate}`;
  return row.waterStatus.replace(/-/g, ' ');
}

/** One line of the summary, in the columns' order. */
function summaryLine(row: SummaryRow, today: string): XlsxCell[] {
  return [
    row.group ?? 'No group',
    row.farm,
    row.field,
    rounded(row.hectares, 2),
    row.cropType ? (findCropType(row.cropType)?.name ?? row.cropType) : 'not set',
    row.healthStatus?.replace(/-/g, ' ') ?? 'not analysed',
    rounded(row.meanNdvi, 2),
    row.imageDate,
    rounded(row.yieldLow, 1),
    rounded(row.yieldExpected, 1),
    rounded(row.yieldHigh, 1),
    waterAdvice(row),
    followed(row, today),
    rounded(row.nitrogenAdvised, 0),
    rounded(row.nitrogenApplied, 0),
    row.emailed,
    row.texted,
    row.lastVisit,
    row.healthSimulated ? 'yes' : 'no',
  ];
}

/**
 * The organisation's fields (or one group's) as summary lines, a page at a time in a stable order (group, farm,
 * field): each page is one query of the page's fields with the latest of each analysis and the season's counts.
 */
export async function* fieldSummaryPages(
  ctx: ServiceContext,
  orgId: string,
  groupId: string | null,
  season: { from: string; to: string },
  today: string,
): AsyncGenerator<XlsxCell[][]> {
  const db = ctx.database.db;
  for (let offset = 0; ; offset += PAGE_FIELDS) {
    // Offset paging over a sort on names: a programme's fields do not change under its pack in a way that matters.
    const page = await db
      .selectFrom('fields')
      .innerJoin('farms', 'farms.id', 'fields.farmId')
      .leftJoin('farmGroups', 'farmGroups.id', 'farms.groupId')
      .select(['fields.id'])
      .where('fields.orgId', '=', orgId)
      .$if(groupId !== null, (query) => query.where('farms.groupId', '=', groupId!))
      .orderBy('farmGroups.name')
      .orderBy('farms.name')
      .orderBy('farms.id')
      .orderBy('fields.name')
      .orderBy('fields.id')
      .limit(PAGE_FIELDS)
      .offset(offset)
      .execute();
    if (page.length === 0) return;
    const ids = page.map((row) => row.id);
    const rows = await sql<SummaryRow>`
      select f.id, g.name as "group", farms.name as farm, f.name as field, f.size_hectares::float8 as hectares,
        f.crop_type as "cropType", f.irrigated,
        health.headline->>'status' as "healthStatus",
        (health.headline->>'meanNdvi')::float8 as "meanNdvi",
        health.headline->>'imageDate' as "imageDate",
        health.simulated as "healthSimulated",
        (yield.headline->>'lowTPerHa')::float8 as "yieldLow",
        (yield.headline->>'expectedTPerHa')::float8 as "yieldExpected",
        (yield.headline->>'highTPerHa')::float8 as "yieldHigh",
        water.headline->>'adviceStatus' as "waterStatus",
        water.headline->>'irrigationDate' as "waterDate",
        (water.headline->>'depthMm')::float8 as "waterDepthMm",
        water.analysis_date::text as "waterAdvisedOn",
        (select min(e.irrigation_date)::text from irrigation_events e
          where e.field_id = f.id and e.irrigation_date >= water.analysis_date) as "firstIrrigationAfter",
        (fertilizer.headline->>'nitrogenNeedKgPerHa')::float8 as "nitrogenAdvised",
        (select sum(a.rate_kg_per_ha * a.nitrogen_pct / 100)::float8 from fertilizer_applications a
          where a.field_id = f.id and a.application_date between ${season.from} and ${season.to}) as "nitrogenApplied",
        (select count(*)::int from alert_notifications n join alerts al on al.id = n.alert_id
          where al.field_id = f.id and n.channel = 'email' and al.alert_date between ${season.from} and ${season.to}) as emailed,
        (select count(*)::int from alert_notifications n join alerts al on al.id = n.alert_id
          where al.field_id = f.id and n.channel = 'sms' and al.alert_date between ${season.from} and ${season.to}) as texted,
        (select max(v.visit_date)::text from visits v where v.field_id = f.id) as "lastVisit"
      from fields f
      join farms on farms.id = f.farm_id
      left join farm_groups g on g.id = farms.group_id
      ${latestAnalysis('health', 'health', orgId)}
      ${latestAnalysis('yield', 'yield', orgId)}
      ${latestAnalysis('irrigation', 'water', orgId)}
      ${latestAnalysis('fertilizer', 'fertilizer', orgId)}
      where f.id in (${sql.join(ids)})
    `.execute(db);
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    yield ids.flatMap((id) => (byId.has(id) ? [summaryLine(byId.get(id)!, today)] : []));
  }
}

/** The field's newest completed analysis of a type, as `alias` (its headline and date), by the completed index. */
function latestAnalysis(type: string, alias: string, orgId: string) {
  return sql`left join lateral (
    select headline, analysis_date, simulated from analyses
    where org_id = ${orgId} and field_id = f.id and type = ${type} and status = 'completed'
    order by finished_at desc nulls last, id desc limit 1
  ) ${sql.raw(alias)} on true`;
}
