import { Migrator, type Kysely, type Migration } from 'kysely';
import * as initial from './migrations/0001-initial.ts';
import * as fieldListVersion from './migrations/0002-field-list-version.ts';
import * as fieldBoundaryVersions from './migrations/0003-field-boundary-versions.ts';
import * as weatherCache from './migrations/0004-weather-cache.ts';
import * as analyses from './migrations/0005-analyses.ts';
import * as demoOrganisation from './migrations/0006-demo-organisation.ts';
import * as accountProtection from './migrations/0007-account-protection.ts';
import * as leanFieldLists from './migrations/0008-lean-field-lists.ts';
import * as analysisSummariesIndex from './migrations/0009-analysis-summaries-index.ts';
import * as weatherCacheSource from './migrations/0010-weather-cache-source.ts';
import * as analysisStage from './migrations/0011-analysis-stage.ts';
import * as waterRecords from './migrations/0012-water-records.ts';
import * as harvests from './migrations/0013-harvests.ts';
import * as alerts from './migrations/0014-alerts.ts';
import * as alertEscalation from './migrations/0015-alert-escalation.ts';
import * as smsOnce from './migrations/0017-sms-once.ts';
import * as alertSeasonAndRuns from './migrations/0018-alert-season-and-runs.ts';
import * as analysisNewestScene from './migrations/0019-analysis-newest-scene.ts';
import * as peopleAndGroups from './migrations/0020-people-and-groups.ts';
import * as invitations from './migrations/0021-invitations.ts';
import * as auditTrail from './migrations/0022-audit-trail.ts';
import * as deletedAccounts from './migrations/0023-deleted-accounts.ts';
import * as onboarding from './migrations/0024-onboarding.ts';
import * as visits from './migrations/0025-visits.ts';
import * as supportMessages from './migrations/0026-support-messages.ts';
import * as reports from './migrations/0027-reports.ts';
import * as programmeReports from './migrations/0028-programme-reports.ts';
import * as analysisHeadlines from './migrations/0029-analysis-headlines.ts';
import * as fieldMapPoints from './migrations/0030-field-map-points.ts';

/** Numbered, forward-only. Add a file `NNNN-what.ts` with an `up` and list it here; never edit a shipped one. */
const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-field-list-version': fieldListVersion,
  '0003-field-boundary-versions': fieldBoundaryVersions,
  '0004-weather-cache': weatherCache,
  '0005-analyses': analyses,
  '0006-demo-organisation': demoOrganisation,
  '0007-account-protection': accountProtection,
  '0008-lean-field-lists': leanFieldLists,
  '0009-analysis-summaries-index': analysisSummariesIndex,
  '0010-weather-cache-source': weatherCacheSource,
  '0011-analysis-stage': analysisStage,
  '0012-water-records': waterRecords,
  '0013-harvests': harvests,
  '0014-alerts': alerts,
  '0015-alert-escalation': alertEscalation,
  '0017-sms-once': smsOnce,
  '0018-alert-season-and-runs': alertSeasonAndRuns,
  '0019-analysis-newest-scene': analysisNewestScene,
  '0020-people-and-groups': peopleAndGroups,
  '0021-invitations': invitations,
  '0022-audit-trail': auditTrail,
  '0023-deleted-accounts': deletedAccounts,
  '0024-onboarding': onboarding,
  '0025-visits': visits,
  '0026-support-messages': supportMessages,
  '0027-reports': reports,
  '0028-programme-reports': programmeReports,
  '0029-analysis-headlines': analysisHeadlines,
  '0030-field-map-points': fieldMapPoints,
};

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
