import { boundaryCentroid, boundaryCornerCount, simplifyBoundaryForMap, type FieldBoundary } from '@murimi/core';
import { sql, type Kysely } from 'kysely';

/** Fields rewritten per statement while filling the new columns: a few MB of boundaries at most. */
const BACKFILL_BATCH_FIELDS = 200;

/**
 * What the field list serves without reading full boundaries: the boundary simplified for the overview map, the
 * centroid, and the boundary's size (total corners of all rings, a circle 1; bytes of its JSON), which limits per
 * organisation are counted in. Existing fields are filled in from their boundaries, a batch at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table fields
      add column map_boundary jsonb,
      add column centroid_lng double precision,
      add column centroid_lat double precision,
      add column boundary_vertices integer,
      add column boundary_bytes integer;
  `.execute(db);
  let afterId = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string; boundary: FieldBoundary }>`
      select id, boundary from fields where id > ${afterId}::uuid order by id limit ${BACKFILL_BATCH_FIELDS}
    `.execute(db);
    if (rows.length === 0) break;
    const filled = rows.map(({ id, boundary }) => {
      const [centroidLng, centroidLat] = boundaryCentroid(boundary);
      return {
        id,
        map_boundary: simplifyBoundaryForMap(boundary),
        centroid_lng: centroidLng,
        centroid_lat: centroidLat,
        boundary_vertices: boundaryCornerCount(boundary),
        boundary_bytes: Buffer.byteLength(JSON.stringify(boundary)),
      };
    });
    await sql`
      update fields set
        map_boundary = filled.map_boundary,
        centroid_lng = filled.centroid_lng,
        centroid_lat = filled.centroid_lat,
        boundary_vertices = filled.boundary_vertices,
        boundary_bytes = filled.boundary_bytes
      from jsonb_to_recordset(${JSON.stringify(filled)}::jsonb) as filled(
        id uuid, map_boundary jsonb, centroid_lng double precision, centroid_lat double precision,
        boundary_vertices integer, boundary_bytes integer
      )
      where fields.id = filled.id
    `.execute(db);
    afterId = rows[rows.length - 1]!.id;
  }
  await sql`
    alter table fields
      alter column map_boundary set not null,
      alter column centroid_lng set not null,
      alter column centroid_lat set not null,
      alter column boundary_vertices set not null,
      alter column boundary_bytes set not null;
  `.execute(db);
}
