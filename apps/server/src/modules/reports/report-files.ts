import path from 'node:path';
import type { Selectable } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import type { ReportTable } from '../../db/schema.ts';
import type { Actor } from '../../policy/policy.ts';

export type ReportRow = Selectable<ReportTable>;

export const reportsDir = (config: ServiceContext['config']) => path.join(config.dataDir, 'reports');

/** A report's file: a PDF of a field or farm, a zip of a programme's pack. */
export const reportExtension = (kind: ReportRow['kind']) => (kind === 'programme' ? 'zip' : 'pdf');

export const reportFile = (config: ServiceContext['config'], orgId: string, id: string, kind: ReportRow['kind']) =>
  path.join(reportsDir(config), orgId, `${id}.${reportExtension(kind)}`);

/** The person the report was asked by, as they are in its organisation now: their reach decides what it shows. */
export async function reportRequester(ctx: ServiceContext, row: ReportRow): Promise<Actor | null> {
  if (!row.requestedBy) return null;
  const membership = await ctx.database.db
    .selectFrom('memberships')
    .select('role')
    .where('orgId', '=', row.orgId)
    .where('userId', '=', row.requestedBy)
    .executeTakeFirst();
  return membership ? { userId: row.requestedBy, orgId: row.orgId, role: membership.role } : null;
}
