import { createHash, randomUUID } from 'node:crypto';
import { fieldCreateSchema, type OnboardingImport, type OnboardingReport } from '@murimi/core';
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { auditWrite } from '../../db/owned-records.ts';
import type { DB, OnboardingImportTable } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import type { Actor } from '../../policy/policy.ts';
import { actingFor } from '../../request-actor.ts';
import { checkFieldStorage, takeImportAllowance } from '../fields/fields.quotas.ts';
import { fieldRowOf } from '../fields/fields.rows.ts';
import { createInvitation, type InvitingContext } from '../members/invitations.service.ts';
import { circleAround, type OnboardingRow } from './onboarding-file.ts';

/**
 * Onboarding a programme from its spreadsheet: the check (a dry run that saves only the checked file), then the
 * import as a job, a batch of rows per transaction. Each row is created once by its key (`onboarding_rows`), so the
 * same file again, or the job retried after its process died, creates nothing twice. Farmers with a phone or e-mail
 * can be invited; their invitation's id is derived from the organisation and the contact, so a farmer with three farms
 * gets one invitation (and a retried job sends none twice), and accepting it gives them their farms.
 */

/** Problems listed in a report; the rest are counted. A file with more needs fixing at its source first. */
const LISTED_PROBLEMS = 500;
/** Rows created per transaction: small enough that a batch takes well under a second, large enough to be quick. */
const ROWS_PER_BATCH = 200;
/** Longest the check of a file may take on a worker thread (a 10,000-row file takes about a second). */
const CHECK_DEADLINE_MS = 30_000;

type ImportRow = Selectable<OnboardingImportTable>;

function present(row: ImportRow): OnboardingImport {
  const report = row.report as OnboardingReport;
  return {
    id: row.id,
    status: row.status,
    invite: row.invite,
    rowsDone: row.rowsDone,
    rowsTotal: report.toCreate + report.alreadyImported,
    report,
    outcome: (row.outcome as OnboardingImport['outcome']) ?? null,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const contactOf = (row: OnboardingRow) => row.email ?? row.phone;

/** One invitation per farmer (by their contact) and organisation, whatever the file or the try. */
function invitationIdFor(orgId: string, contact: string): string {
  const hex = createHash('sha256').update(`onboarding-invitation:${orgId}:${contact}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Checks a programme's spreadsheet: saves the checked rows for the import, and answers what it would do. */
export async function checkOnboardingFile(
  ctx: AppContext,
  actor: Actor,
  file: { fileName: string; bytes: Uint8Array },
): Promise<OnboardingImport> {
  const db = ctx.database.db;
  await takeImportAllowance(ctx, actor.orgId);
  const person = await db.selectFrom('users').select('country').where('id', '=', actor.userId).executeTakeFirstOrThrow();
  const read = await ctx.cpu.run(
    'readOnboardingRows',
    {
      bytes: file.bytes,
      fileName: file.fileName,
      options: { today: ctx.now().toISOString().slice(0, 10), country: person.country, smsCountries: ctx.config.sms.allowedCountries },
    },
    {
      deadlineMs: CHECK_DEADLINE_MS,
      handOver: [file.bytes],
      tooLong: () =>
        new AppError('PAYLOAD_TOO_LARGE', 'This file took too long to check. Split it (by ward or district) and upload each part.'),
    },
  );
  const keys = read.rows.map((row) => row.key);
  const done = new Set<string>();
  for (let start = 0; start < keys.length; start += 1000) {
    const slice = keys.slice(start, start + 1000);
    const rows = await db
      .selectFrom('onboardingRows')
      .select('rowKey')
      .where('orgId', '=', actor.orgId)
      .where('rowKey', 'in', slice)
      .execute();
    for (const row of rows) done.add(row.rowKey);
  }
  const toCreate = read.rows.filter((row) => !done.has(row.key));
  const groupNames = [...new Set(toCreate.map((row) => row.group).filter((name): name is string => name !== null))];
  const existingGroups =
    groupNames.length === 0
      ? []
      : await db.selectFrom('farmGroups').select('name').where('orgId', '=', actor.orgId).where('name', 'in', groupNames).execute();
  const known = new Set(existingGroups.map((group) => group.name));
  const report: OnboardingReport = {
    fileName: file.fileName,
    rowsRead: read.rowsRead,
    toCreate: toCreate.length,
    alreadyImported: read.rows.length - toCreate.length,
    rowsWithProblems: new Set(read.problems.map((problem) => problem.row)).size,
    problems: read.problems.slice(0, LISTED_PROBLEMS),
    problemsNotListed: Math.max(0, read.problems.length - LISTED_PROBLEMS),
    wouldCreate: {
      farms: toCreate.length,
      fields: toCreate.filter((row) => row.point !== null || row.boundary !== null).length,
      groups: groupNames.filter((name) => !known.has(name)),
      farmersToInvite: new Set(read.rows.map(contactOf).filter(Boolean)).size,
    },
  };
  const row = await db
    .insertInto('onboardingImports')
    .values({
      id: randomUUID(),
      orgId: actor.orgId,
      requestedBy: actor.userId,
      fileName: file.fileName,
      rows: JSON.stringify(read.rows),
      report: JSON.stringify(report),
      status: 'checked',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return present(row);
}

async function findImport(db: Kysely<DB>, orgId: string, id: string): Promise<ImportRow> {
  const row = await db.selectFrom('onboardingImports').selectAll().where('orgId', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw AppError.notFound('Import');
  return row;
}

export async function getOnboardingImport(ctx: AppContext, actor: Actor, id: string): Promise<OnboardingImport> {
  return present(await findImport(ctx.database.db, actor.orgId, id));
}

const payload = z.object({ importId: z.uuid() });

/**
 * Starts a checked import as a job. Asked again (a retry, a second tap), it answers the import as it stands and
 * queues nothing more: the status changes from checked to importing once, in the transaction that queues the job.
 */
export async function startOnboardingImport(
  ctx: AppContext,
  actor: Actor,
  id: string,
  options: { invite: boolean },
): Promise<OnboardingImport> {
  const db = ctx.database.db;
  await findImport(db, actor.orgId, id);
  await db.transaction().execute(async (trx) => {
    const started = await trx
      .updateTable('onboardingImports')
      .set({ status: 'importing', invite: options.invite, startedAt: ctx.now() })
      .where('id', '=', id)
      .where('status', '=', 'checked')
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) === 1) await ctx.queue.send(onboardingImportJob, { importId: id }, { executor: trx });
  });
  return present(await findImport(db, actor.orgId, id));
}

/** What a try of the import tallies as it goes; the rest of its outcome is read from what the rows made. */
interface Tally {
  groups: number;
  notInvited: { farmer: string; reason: string }[];
}

/** Creates a batch's rows that no earlier import or try made, in one transaction with their audit lines. */
async function createBatch(trx: Kysely<DB>, job: ImportRow, batch: OnboardingRow[], tally: Tally, quotas: AppContext['config']['quotas']) {
  const orgId = job.orgId;
  const made = await trx
    .selectFrom('onboardingRows')
    .select('rowKey')
    .where('orgId', '=', orgId)
    .where(
      'rowKey',
      'in',
      batch.map((row) => row.key),
    )
    .execute();
  const madeKeys = new Set(made.map((row) => row.rowKey));
  const todo = batch.filter((row) => !madeKeys.has(row.key));
  if (todo.length === 0) return;

  const groupNames = [...new Set(todo.map((row) => row.group).filter((name): name is string => name !== null))];
  const groupIds = new Map<string, string>();
  if (groupNames.length > 0) {
    const added = await trx
      .insertInto('farmGroups')
      .values(groupNames.map((name) => ({ id: randomUUID(), orgId, name })))
      .onConflict((oc) => oc.columns(['orgId', 'name']).doNothing())
      .returning('id')
      .execute();
    tally.groups += added.length;
    const groups = await trx
      .selectFrom('farmGroups')
      .select(['id', 'name'])
      .where('orgId', '=', orgId)
      .where('name', 'in', groupNames)
      .execute();
    for (const group of groups) groupIds.set(group.name, group.id);
  }

  const farms = todo.map((row) => ({
    id: randomUUID(),
    orgId,
    name: row.farmName,
    groupId: row.group ? (groupIds.get(row.group) ?? null) : null,
  }));
  await trx.insertInto('farms').values(farms).execute();
  await auditWrite(trx, 'farms', farms, 'created');

  const fields = todo.flatMap((row, index) => {
    // Rows read by an earlier version have no `boundary`.
    const boundary = row.boundary ?? (row.point ? circleAround(row.point) : null);
    if (!boundary) return [];
    const input = fieldCreateSchema.parse({
      name: row.farmName,
      farmId: farms[index]!.id,
      boundary,
      cropType: row.cropType,
      plantingDate: row.plantingDate,
    });
    return [{ index, row: fieldRowOf(orgId, input) }];
  });
  if (fields.length > 0) {
    await checkFieldStorage(trx, quotas, orgId, {
      fields: fields.length,
      bytes: fields.reduce((sum, field) => sum + field.row.boundaryBytes, 0),
    });
    await trx
      .insertInto('fields')
      .values(fields.map((field) => field.row))
      .execute();
    await auditWrite(
      trx,
      'fields',
      fields.map((field) => field.row),
      'created',
    );
  }
  const fieldOf = new Map(fields.map((field) => [field.index, field.row.id]));
  await trx
    .insertInto('onboardingRows')
    .values(
      todo.map((row, index) => {
        const contact = contactOf(row);
        return {
          orgId,
          rowKey: row.key,
          importId: job.id,
          farmId: farms[index]!.id,
          fieldId: fieldOf.get(index) ?? null,
          invitationId: job.invite && contact ? invitationIdFor(orgId, contact) : null,
        };
      }),
    )
    .execute();
}

/**
 * Invites the farmers the file names who are neither invited nor members yet: one invitation per farmer, by its
 * derived id, so a retry or the same file another day sends nothing twice and sends what the day's limit held back.
 * A farmer who is a member already is given their farms at once instead. Who was not invited, and why, is reported.
 */
async function inviteFarmers(ctx: InvitingContext, job: ImportRow, rows: OnboardingRow[], tally: Tally): Promise<void> {
  const db = ctx.database.db;
  const actor: Actor = { userId: job.requestedBy!, orgId: job.orgId, role: 'manager' };
  const farmers = new Map<string, { row: OnboardingRow; keys: string[] }>();
  for (const row of rows) {
    const contact = contactOf(row);
    if (!contact) continue;
    const farmer = farmers.get(contact);
    if (farmer) farmer.keys.push(row.key);
    else farmers.set(contact, { row, keys: [row.key] });
  }
  // Rows imported before without invitations are tied to their farmer's invitation now, a page at a time.
  const ties = [...farmers].flatMap(([contact, farmer]) => farmer.keys.map((key) => ({ key, id: invitationIdFor(job.orgId, contact) })));
  for (let start = 0; start < ties.length; start += 500) {
    const page = ties.slice(start, start + 500);
    await sql`
      update onboarding_rows set invitation_id = tie.id::uuid
      from (values ${sql.join(page.map((tie) => sql`(${tie.key}, ${tie.id})`))}) as tie(key, id)
      where onboarding_rows.org_id = ${job.orgId} and onboarding_rows.row_key = tie.key and onboarding_rows.invitation_id is null
    `.execute(db);
  }
  const members = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.userId')
    .select(['users.id', 'users.email', 'users.phone', 'users.smsPhone'])
    .where('memberships.orgId', '=', job.orgId)
    .execute();
  const memberByContact = new Map<string, string>();
  for (const member of members) {
    for (const contact of [member.email, member.phone, member.smsPhone]) if (contact) memberByContact.set(contact, member.id);
  }
  const invitationIds = [...farmers.keys()].map((contact) => invitationIdFor(job.orgId, contact));
  const invited = new Set<string>();
  for (let start = 0; start < invitationIds.length; start += 1000) {
    const page = await db
      .selectFrom('invitations')
      .select('id')
      .where('id', 'in', invitationIds.slice(start, start + 1000))
      .execute();
    for (const invitation of page) invited.add(invitation.id);
  }

  let heldBack: string | null = null;
  for (const [contact, { row }] of farmers) {
    const invitationId = invitationIdFor(job.orgId, contact);
    const memberId = memberByContact.get(contact);
    if (memberId) {
      await db
        .updateTable('farms')
        .set({ farmerUserId: memberId })
        .where('orgId', '=', job.orgId)
        .where('farmerUserId', 'is', null)
        .where(
          'id',
          'in',
          db.selectFrom('onboardingRows').select('farmId').where('orgId', '=', job.orgId).where('invitationId', '=', invitationId),
        )
        .execute();
      tally.notInvited.push({ farmer: row.farmerName, reason: 'Already a member: their farms are assigned to them.' });
      continue;
    }
    if (invited.has(invitationId)) continue;
    if (heldBack) {
      tally.notInvited.push({ farmer: row.farmerName, reason: heldBack });
      continue;
    }
    try {
      await createInvitation(ctx, actor, {
        id: invitationId,
        role: 'farmer',
        name: row.farmerName,
        ...(row.email ? { email: row.email } : { phone: contact }),
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The day's limit holds back every farmer after this one: the same file tomorrow invites them.
      if (error.code === 'RATE_LIMITED') heldBack = error.message;
      tally.notInvited.push({ farmer: row.farmerName, reason: error.message });
    }
  }
}

/**
 * The import's outcome: farms and fields from what its rows made, invitations of its farmers made since it started,
 * so that a try that went on after another's death reports the whole import; groups and who was not invited from
 * this try's tally.
 */
async function outcomeOf(db: Kysely<DB>, job: ImportRow, rows: OnboardingRow[], tally: Tally): Promise<OnboardingImport['outcome']> {
  const made = await db
    .selectFrom('onboardingRows')
    .select((eb) => [eb.fn.countAll<string>().as('farms'), eb.fn.count<string>('fieldId').as('fields')])
    .where('importId', '=', job.id)
    .executeTakeFirstOrThrow();
  const ids = job.invite
    ? [...new Set(rows.map(contactOf).filter((contact): contact is string => contact !== null))].map((contact) =>
        invitationIdFor(job.orgId, contact),
      )
    : [];
  let invitationsSent = 0;
  for (let start = 0; start < ids.length; start += 1000) {
    const sent = await db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('id', 'in', ids.slice(start, start + 1000))
      .where('createdAt', '>=', job.startedAt ?? job.createdAt)
      .executeTakeFirstOrThrow();
    invitationsSent += Number(sent.n);
  }
  return { farms: Number(made.farms), fields: Number(made.fields), invitationsSent, ...tally };
}

async function importRows(context: JobContext, importId: string, quotas: AppContext['config']['quotas']): Promise<void> {
  const db = context.database.db;
  const job = await db.selectFrom('onboardingImports').selectAll().where('id', '=', importId).executeTakeFirst();
  if (!job || job.status !== 'importing') return;
  const rows = job.rows as OnboardingRow[];
  const tally: Tally = { groups: 0, notInvited: [] };
  let failure: string | null = null;
  try {
    await actingFor({ userId: job.requestedBy ?? '', orgId: job.orgId }, async () => {
      for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) {
        const batch = rows.slice(start, start + ROWS_PER_BATCH);
        await db.transaction().execute(async (trx) => {
          await createBatch(trx, job, batch, tally, quotas);
          await trx
            .updateTable('onboardingImports')
            .set({ rowsDone: start + batch.length })
            .where('id', '=', importId)
            .execute();
        });
      }
      if (job.invite && job.requestedBy) await inviteFarmers(context, job, rows, tally);
    });
  } catch (error) {
    // A limit reached (the organisation's fields): the rows made so far stay; the same file again makes the rest.
    if (!(error instanceof AppError)) throw error;
    failure = error.message;
  }
  const outcome = await outcomeOf(db, job, rows, tally);
  await db
    .updateTable('onboardingImports')
    .set({ status: failure ? 'failed' : 'done', failure, outcome: JSON.stringify(outcome), finishedAt: context.now() })
    .where('id', '=', importId)
    .execute();
}

/** The import of a checked spreadsheet; a retry after its process died goes on where the last batch ended. */
export const onboardingImportJob: JobDefinition<typeof payload> = {
  name: 'onboarding-import',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
  async handle({ importId }, context) {
    await importRows(context, importId, context.config.quotas);
  },
};

/** A checked spreadsheet nobody imported is forgotten after a week: its rows are a programme's farmers' contacts. */
const UNSTARTED_IMPORT_DAYS = 7;
/** A finished import keeps its report and outcome; the rows it read (contacts, boundaries) go after a day. */
const FINISHED_IMPORT_ROWS_DAYS = 1;

/**
 * Forgets what onboarding no longer needs: checks never imported (deleted whole) and the rows of finished imports
 * (their report and outcome stay for the page). Without it every check of a 10,000-row file would stay for good.
 */
export async function pruneOnboardingImports(
  ctx: Pick<ServiceContext, 'database'>,
  now: Date,
): Promise<{ forgotten: number; emptied: number }> {
  const db = ctx.database.db;
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const forgotten = await db
    .deleteFrom('onboardingImports')
    .where('status', '=', 'checked')
    .where('createdAt', '<', daysAgo(UNSTARTED_IMPORT_DAYS))
    .executeTakeFirst();
  const emptied = await db
    .updateTable('onboardingImports')
    .set({ rows: '[]' })
    .where('status', 'in', ['done', 'failed'])
    .where('finishedAt', '<', daysAgo(FINISHED_IMPORT_ROWS_DAYS))
    .where(sql<boolean>`jsonb_array_length(rows) > 0`)
    .executeTakeFirst();
  return { forgotten: Number(forgotten.numDeletedRows), emptied: Number(emptied.numUpdatedRows) };
}

const noPayload = z.object({}).passthrough();

/** Daily: onboarding's checks and rows that are no longer needed. */
export const pruneOnboardingImportsJob: JobDefinition<typeof noPayload> = {
  name: 'prune-onboarding-imports',
  payload: noPayload,
  cron: '41 3 * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  async handle(_payload, context) {
    const pruned = await pruneOnboardingImports(context, context.now());
    if (pruned.forgotten + pruned.emptied > 0) context.log.info(pruned, 'pruned onboarding imports');
  },
};
