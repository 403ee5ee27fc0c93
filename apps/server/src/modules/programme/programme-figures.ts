import {
  addDays,
  findCropType,
  isoDay,
  MIN_FARMS_PER_CELL,
  programmeSeason,
  seasonStartYearOf,
  type ProgrammeFigures,
  type ProgrammeMeasures,
  type ProgrammeQuery,
} from '@murimi/core';
import { sql } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../policy/policy.ts';

/** A clear image this recent counts as fresh data (spec: the share of fields with a clear image in the last 14 days). */
const FRESH_IMAGE_DAYS = 14;
/** One field as the figures need it; never leaves this module. */
interface FieldFacts {
  farmId: string;
  groupId: string | null;
  farmerUserId: string | null;
  cropType: string | null;
  hectares: number;
  healthStatus: string | null;
  imageDate: string | null;
  expectedTPerHa: number | null;
  alertsRaised: number;
  alertsActedOn: number;
  emailed: number;
  texted: number;
  adviceIssued: number;
  loggedDone: number;
}

const NO_CROP = 'none';

/** The value below which `share` of the sorted values fall, interpolated between neighbours. */
function quantile(sorted: number[], share: number): number {
  const position = (sorted.length - 1) * share;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

function measure(fields: FieldFacts[], freshSince: string): ProgrammeMeasures {
  const farms = new Set<string>();
  const farmers = new Set<string>();
  const health = { healthy: 0, moderate: 0, bareOrStressed: 0, noClearImage: 0, notAnalysed: 0 };
  const alerts = { raised: 0, actedOn: 0, emailed: 0, texted: 0 };
  const advice = { issued: 0, loggedDone: 0 };
  const yields: number[] = [];
  let hectares = 0;
  let freshImageFields = 0;
  // One pass: a programme's answer reads every field once, whatever it holds.
  for (const field of fields) {
    farms.add(field.farmId);
    if (field.farmerUserId) farmers.add(field.farmerUserId);
    hectares += field.hectares;
    if (field.healthStatus === null) health.notAnalysed += 1;
    else if (field.healthStatus === 'healthy') health.healthy += 1;
    else if (field.healthStatus === 'moderate') health.moderate += 1;
    else if (field.healthStatus === 'bare-or-stressed') health.bareOrStressed += 1;
    else if (field.healthStatus === 'no-clear-image') health.noClearImage += 1;
    if (field.imageDate !== null && field.imageDate >= freshSince) freshImageFields += 1;
    alerts.raised += field.alertsRaised;
    alerts.actedOn += field.alertsActedOn;
    alerts.emailed += field.emailed;
    alerts.texted += field.texted;
    advice.issued += field.adviceIssued;
    advice.loggedDone += field.loggedDone;
    if (field.expectedTPerHa !== null) yields.push(field.expectedTPerHa);
  }
  yields.sort((a, b) => a - b);
  return {
    farms: farms.size,
    farmers: farmers.size,
    fields: fields.length,
    hectares: Math.round(hectares * 100) / 100,
    health,
    freshImageFields,
    alerts,
    advice,
    // The middle half, from at least as many estimates as a cell has farms: never one field's own figure.
    yieldTPerHa:
      yields.length < MIN_FARMS_PER_CELL
        ? null
        : {
            lowerQuartile: Math.round(quantile(yields, 0.25) * 10) / 10,
            median: Math.round(quantile(yields, 0.5) * 10) / 10,
            upperQuartile: Math.round(quantile(yields, 0.75) * 10) / 10,
            fields: yields.length,
          },
  };
}

/** Every field of the organisation with its farm's group, farmer and main crop, and its season's counts: one query. */
async function fieldFacts(ctx: ServiceContext, orgId: string, season: { from: string; to: string }): Promise<FieldFacts[]> {
  // Each field as read, with its own crop; its farm's main crop is worked out below.
  const rows = await sql<Omit<FieldFacts, 'cropType'> & { fieldCrop: string | null }>`
    with season_alerts as (
      select a.field_id, count(distinct a.id)::int as raised, count(distinct a.id) filter (where a.resolved_at is not null)::int as acted_on,
        count(n.alert_id) filter (where n.channel = 'email')::int as emailed,
        count(n.alert_id) filter (where n.channel = 'sms')::int as texted
      from alerts a
      left join alert_notifications n on n.alert_id = a.id
      where a.org_id = ${orgId} and a.alert_date between ${season.from} and ${season.to}
      group by a.field_id
    ),
    advice as (
      select field_id, count(*)::int as issued from analyses
      where org_id = ${orgId} and status = 'completed' and type in ('irrigation', 'fertilizer')
        and analysis_date between ${season.from} and ${season.to}
      group by field_id
    ),
    done as (
      select field_id, count(*)::int as logged from (
        select field_id from irrigation_events where org_id = ${orgId} and irrigation_date between ${season.from} and ${season.to}
        union all
        select field_id from fertilizer_applications where org_id = ${orgId} and application_date between ${season.from} and ${season.to}
      ) logged
      group by field_id
    ),
    -- The newest completed health and yield analysis of each field, in one pass over the organisation's analyses
    -- each, reading the headline the database keeps beside each result (a result is kilobytes of JSON).
    health as (
      select distinct on (field_id) field_id, headline->>'status' as status, headline->>'imageDate' as image_date
      from analyses where org_id = ${orgId} and type = 'health' and status = 'completed'
      order by field_id, finished_at desc
    ),
    yield as (
      select distinct on (field_id) field_id, (headline->>'expectedTPerHa')::float8 as expected
      from analyses where org_id = ${orgId} and type = 'yield' and status = 'completed' and headline ? 'expectedTPerHa'
      order by field_id, finished_at desc
    )
    select
      f.farm_id as "farmId", farms.group_id as "groupId", farms.farmer_user_id as "farmerUserId", f.crop_type as "fieldCrop",
      f.size_hectares::float8 as hectares,
      health.status as "healthStatus",
      health.image_date as "imageDate",
      yield.expected as "expectedTPerHa",
      coalesce(season_alerts.raised, 0) as "alertsRaised", coalesce(season_alerts.acted_on, 0) as "alertsActedOn",
      coalesce(season_alerts.emailed, 0) as emailed, coalesce(season_alerts.texted, 0) as texted,
      coalesce(advice.issued, 0) as "adviceIssued", coalesce(done.logged, 0) as "loggedDone"
    from fields f
    join farms on farms.id = f.farm_id
    left join health on health.field_id = f.id
    left join yield on yield.field_id = f.id
    left join season_alerts on season_alerts.field_id = f.id
    left join advice on advice.field_id = f.id
    left join done on done.field_id = f.id
    where f.org_id = ${orgId}
  `.execute(ctx.database.db);
  // A farm's main crop (most hectares) puts all its fields in one cell, so that every farm is in exactly one.
  const areaByFarmCrop = new Map<string, Map<string, number>>();
  for (const row of rows.rows) {
    const crops = areaByFarmCrop.get(row.farmId) ?? new Map<string, number>();
    const crop = row.fieldCrop ?? NO_CROP;
    crops.set(crop, (crops.get(crop) ?? 0) + row.hectares);
    areaByFarmCrop.set(row.farmId, crops);
  }
  const mainCrop = new Map(
    [...areaByFarmCrop].map(([farmId, crops]) => [farmId, [...crops].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]]),
  );
  return rows.rows.map((row) => ({ ...row, cropType: mainCrop.get(row.farmId)! === NO_CROP ? null : mainCrop.get(row.farmId)! }));
}

const cropName = (crop: string | null) => (crop === null ? 'No crop set' : (findCropType(crop)?.name ?? crop));

/**
 * The programme's figures, by group and main crop, for its funders and managers. Cells of fewer than
 * `MIN_FARMS_PER_CELL` farms are dropped before anything is summed, whatever the filters, so every figure answered
 * (rows and totals alike) is a sum of whole cells of 5 farms or more; filters choose whole cells.
 */
export async function programmeFigures(ctx: ServiceContext, actor: Actor, query: ProgrammeQuery): Promise<ProgrammeFigures> {
  const db = ctx.database.db;
  const today = isoDay(ctx.now());
  const season = programmeSeason(query.season ?? seasonStartYearOf(today));
  const groups = await db.selectFrom('farmGroups').select(['id', 'name']).where('orgId', '=', actor.orgId).orderBy('name').execute();
  if (query.groupId && !groups.some((group) => group.id === query.groupId)) throw AppError.notFound('Group');
  const fields = await fieldFacts(ctx, actor.orgId, season);

  const cells = new Map<string, { groupId: string | null; crop: string | null; fields: FieldFacts[] }>();
  for (const field of fields) {
    const key = `${field.groupId ?? ''}|${field.cropType ?? ''}`;
    const cell = cells.get(key) ?? { groupId: field.groupId, crop: field.cropType, fields: [] };
    cell.fields.push(field);
    cells.set(key, cell);
  }
  const large = [...cells.values()].filter((cell) => new Set(cell.fields.map((field) => field.farmId)).size >= MIN_FARMS_PER_CELL);
  const chosen = large.filter(
    (cell) => (!query.groupId || cell.groupId === query.groupId) && (!query.crop || (cell.crop ?? NO_CROP) === query.crop),
  );
  const freshSince = addDays(today, -FRESH_IMAGE_DAYS);
  const groupName = new Map(groups.map((group) => [group.id, group.name]));
  const rows = chosen
    .map((cell) => ({
      groupId: cell.groupId,
      group: cell.groupId ? (groupName.get(cell.groupId) ?? 'Group') : 'No group',
      crop: cropName(cell.crop),
      ...measure(cell.fields, freshSince),
    }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.crop.localeCompare(b.crop));
  const crops = [...new Set(large.map((cell) => cell.crop ?? NO_CROP))].map((id) => ({ id, name: cropName(id === NO_CROP ? null : id) }));
  return {
    season,
    minimumFarms: MIN_FARMS_PER_CELL,
    totals: measure(
      chosen.flatMap((cell) => cell.fields),
      freshSince,
    ),
    rows,
    cellsLeftOut: cells.size - large.length,
    groups,
    crops: crops.sort((a, b) => a.name.localeCompare(b.name)),
  };
}
