/**
 * A programme's spreadsheet of 5,000 farmers and farms on PostgreSQL (a database made for the run and dropped after):
 * the check (read on a worker thread, every row's problems, what exists already), then the import as its job runs it
 * (groups, farms, fields drawn as circles, audit lines, a batch of rows per transaction) inviting the farmers, then the
 * same file checked and imported again. The file holds the five kinds of bad row a programme's list has (a bad phone,
 * an unknown crop, a planting date in the future, a duplicate row, a point in the sea), one of each per 1,000 rows.
 * Prints the wall time and the peak memory of each step, and a ratio against a reference measured in the same run on
 * the same database: the same number of farms written with plain multi-row inserts and nothing else (the least any
 * import does). Goal (issue): 5,000 rows in ≤ 60 s and ≤ 500 MB.
 *
 *   npm run bench:onboarding   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; BENCH_ROWS to change 5,000)
 */
import { randomUUID } from 'node:crypto';
import type { OnboardingImport } from '@murimi/core';
import pino from 'pino';
import type { JobContext } from '../apps/server/src/jobs/job-queue.ts';
import { onboardingImportJob } from '../apps/server/src/modules/onboarding/onboarding.service.ts';
import { withMemoryPeak } from './support/memory-peak.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const GOAL_SECONDS = 60;
const GOAL_MB = 500;

function programmeFile(count: number): string {
  const lines = ['Farmer name,Phone,Group,Farm name,Crop,Planting date,Latitude,Longitude,Area (ha)'];
  for (let n = 1; n <= count; n += 1) {
    const lat = (-17.5 - (n % 200) * 0.004).toFixed(5);
    const lng = (30.0 + Math.floor(n / 200) * 0.004).toFixed(5);
    let row = `Farmer ${n},+26377${String(1_000_000 + n).slice(-7)},Ward ${n % 12},Plot ${n},${n % 3 ? 'maize' : 'soybean'},${(n % 28) + 1}/11/2026,${lat},${lng},${0.5 + (n % 8) * 0.5}`;
    if (n % 1000 === 100) row = row.replace(/\+26377\d{7}/, '0771 23');
    if (n % 1000 === 200) row = row.replace(/maize|soybean/, 'quinoa');
    if (n % 1000 === 300) row = row.replace('/11/2026', '/11/2027');
    if (n % 1000 === 400) row = lines[n - 1]!;
    if (n % 1000 === 500) row = row.replace(/-1\d\.\d+,3\d\.\d+/, '-20.0,38.0');
    lines.push(row);
  }
  return lines.join('\r\n');
}

await withScratchRuntime(
  'onboarding',
  async (runtime) => {
    const { app, ctx } = runtime;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'manager@example.org', password: 'maize-season-2026', name: 'Programme manager', country: 'ZW' },
    });
    const headers = { authorization: `Bearer ${registered.json().access_token}` };
    const orgId: string = registered.json().user.organisation.id;
    const file = Buffer.from(programmeFile(ROWS));
    const jobContext: JobContext = {
      database: ctx.database,
      config: ctx.config,
      log: pino({ level: 'warn' }),
      attempt: { retryCount: 0, retryLimit: 3, isLast: false },
      queue: ctx.queue,
      now: ctx.now,
    };
    const checkFile = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/organisation/onboarding/check?fileName=programme.csv',
        headers: { ...headers, 'content-type': 'application/octet-stream' },
        payload: file,
      });
      if (response.statusCode !== 201) throw new Error(`check: ${response.statusCode} ${response.body}`);
      return response.json().data as OnboardingImport;
    };
    const importFile = async (id: string) => {
      await app.inject({ method: 'POST', url: `/api/organisation/onboarding/${id}/import`, headers, payload: { invite: true } });
      await onboardingImportJob.handle({ importId: id }, jobContext);
      return (await app.inject({ method: 'GET', url: `/api/organisation/onboarding/${id}`, headers })).json().data as OnboardingImport;
    };

    const check = await withMemoryPeak(checkFile);
    const first = await withMemoryPeak(() => importFile(check.value.id));
    const checkAgain = await withMemoryPeak(checkFile);
    const again = await withMemoryPeak(() => importFile(checkAgain.value.id));

    // The reference: as many farms as the import made, in another organisation, with plain inserts of 200 rows.
    const reference = await withMemoryPeak(async () => {
      const other = randomUUID();
      await ctx.database.db.insertInto('organisations').values({ id: other, name: 'Reference' }).execute();
      for (let start = 0; start < check.value.report.toCreate; start += 200) {
        const count = Math.min(200, check.value.report.toCreate - start);
        await ctx.database.db
          .insertInto('farms')
          .values(Array.from({ length: count }, (_, i) => ({ id: randomUUID(), orgId: other, name: `Plot ${start + i}` })))
          .execute();
      }
    });

    const row = (label: string, run: { seconds: number; peakRssMb: number; peakHeapMb: number }) =>
      `${label.padEnd(52)} ${run.seconds.toFixed(2).padStart(7)} s   peak RSS ${run.peakRssMb.toFixed(0).padStart(4)} MB, heap ${run.peakHeapMb.toFixed(0).padStart(4)} MB`;
    const report = check.value.report;
    console.log(
      `${ROWS.toLocaleString('en-US')} rows: ${report.toCreate} to create, ${report.rowsWithProblems} with problems ` +
        `(${report.problems.length} listed), groups ${report.wouldCreate.groups.length}.`,
    );
    console.log(row('check (dry run)', check));
    console.log(row('import with invitations (job)', first));
    console.log(row('check again (same file)', checkAgain));
    console.log(row('import again (creates nothing)', again));
    console.log(row('reference: the farms alone, plain inserts', reference));
    const outcome = first.value.outcome!;
    console.log(
      `made: farms ${outcome.farms}, fields ${outcome.fields}, groups ${outcome.groups}, invitations ${outcome.invitationsSent} ` +
        `(not invited ${outcome.notInvited.length}: ${[...new Set(outcome.notInvited.map((n) => n.reason))].join(' / ').slice(0, 160)}); ` +
        `again: farms ${again.value.outcome!.farms}, already imported ${checkAgain.value.report.alreadyImported}.`,
    );
    const total = check.seconds + first.seconds;
    const peak = Math.max(check.peakRssMb, first.peakRssMb);
    console.log(
      `ratio: check + import / reference ${(total / reference.seconds).toFixed(1)}×; ` +
        `check + import ${total.toFixed(1)} s (goal ≤ ${GOAL_SECONDS} s), peak RSS ${peak.toFixed(0)} MB (goal ≤ ${GOAL_MB} MB): ` +
        (total <= GOAL_SECONDS && peak <= GOAL_MB ? 'within the goal' : 'OVER THE GOAL'),
    );
    const farms = await ctx.database.db
      .selectFrom('farms')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('orgId', '=', orgId)
      .executeTakeFirstOrThrow();
    if (Number(farms.n) !== report.toCreate) throw new Error(`expected ${report.toCreate} farms, found ${farms.n}`);
  },
  {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
    TWILIO_AUTH_TOKEN: 'bench-auth-token',
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: 'http://127.0.0.1:9',
    PUBLIC_URL: 'https://murimi.example.org',
    QUOTA_FIELDS: '20000',
  },
);
