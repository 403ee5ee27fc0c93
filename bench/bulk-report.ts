/**
 * A programme's pack end to end on PostgreSQL (a database made for the run and dropped after): 1,000 farms of 3
 * fields in 10 groups, seeded as the funders' bench seeds them, written by `writeProgrammeReport` into a zip of every
 * farm's PDF with the CSV and XLSX of every field. Prints its time and the process's peak memory (RSS, sampled every
 * 50 ms while it writes) beside a reference measured in the same run: 20 farms' reports written one by one, as the
 * farm report job writes them, scaled to the programme's farms. Goal: ≤ 2 minutes and ≤ 1 GB.
 *
 *   npm run bench:bulk-report   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import { writeProgrammeReport } from '../apps/server/src/modules/reports/programme-pack.ts';
import { farmReportFacts } from '../apps/server/src/modules/reports/report-facts.ts';
import { writeReportPdf } from '../apps/server/src/modules/reports/report-pdf.ts';
import { seedProgramme } from './support/programme-seed.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const FARMS = 1_000;
const FIELDS_PER_FARM = 3;
const GROUPS = 10;
const REFERENCE_FARMS = 20;
const GOAL_SECONDS = 120;
const GOAL_RSS_MB = 1024;

const log = pino({ level: 'warn' });
const mb = (bytes: number) => bytes / 1024 / 1024;

await withScratchRuntime(
  'bulk_report',
  async (runtime, config) => {
    const db = runtime.ctx.database.db;
    const seeding = performance.now();
    const actor = await seedProgramme(runtime, { farms: FARMS, fieldsPerFarm: FIELDS_PER_FARM, groups: GROUPS });
    console.log(`Seeded ${FARMS * FIELDS_PER_FARM} fields on ${FARMS} farms in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`);

    // Reference: farm reports one at a time, each gathering the organisation's health itself, as the job does.
    const sample = await db.selectFrom('farms').select('id').where('orgId', '=', actor.orgId).limit(REFERENCE_FARMS).execute();
    const referenceStarted = performance.now();
    for (const farm of sample) {
      const facts = await farmReportFacts(runtime.ctx, log, actor, farm.id, { indexMaps: false });
      await writeReportPdf({ kind: 'farm', facts }, new Writable({ write: (_chunk, _encoding, done) => done() }), new Date());
    }
    const referenceSeconds = (((performance.now() - referenceStarted) / 1000) * FARMS) / REFERENCE_FARMS;

    const id = randomUUID();
    await db
      .insertInto('reports')
      .values({
        id,
        orgId: actor.orgId,
        kind: 'programme',
        title: 'Programme pack',
        requestedBy: actor.userId,
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .execute();
    let peakRss = process.memoryUsage().rss;
    const rssBefore = peakRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const started = performance.now();
    await writeProgrammeReport(runtime.ctx, log, id, true);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const report = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (report.status !== 'done') throw new Error(`The pack ended ${report.status}: ${report.error ?? ''}`);
    const files = unzipSync(new Uint8Array(readFileSync(path.join(config.dataDir, 'reports', actor.orgId, `${id}.zip`))));
    const pdfs = Object.keys(files).filter((name) => name.endsWith('.pdf')).length;
    const csvLines = strFromU8(files['fields.csv']!).trimEnd().split('\r\n').length - 1;
    console.log(`pack: ${pdfs} farm PDFs, ${csvLines} field lines, zip ${mb(report.fileBytes ?? 0).toFixed(1)} MB`);
    console.log(`reference: ${FARMS} farm reports one by one (from ${REFERENCE_FARMS})  ${referenceSeconds.toFixed(1).padStart(6)} s`);
    console.log(
      `programme pack                                     ${seconds.toFixed(1).padStart(6)} s  (${(seconds / referenceSeconds).toFixed(2)}× the reference)`,
    );
    console.log(`peak RSS while writing: ${mb(peakRss).toFixed(0)} MB (${mb(rssBefore).toFixed(0)} MB before)`);
    const pass = seconds <= GOAL_SECONDS && mb(peakRss) <= GOAL_RSS_MB && pdfs === FARMS && csvLines === FARMS * FIELDS_PER_FARM;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}: ${seconds.toFixed(0)} s (goal ≤ ${GOAL_SECONDS} s), ${mb(peakRss).toFixed(0)} MB (goal ≤ ${GOAL_RSS_MB} MB).`,
    );
  },
  // The catalogue refuses at once: a pack reads no imagery, and no field report here should wait on a network.
  { IMAGERY_STAC_URL: 'http://127.0.0.1:9' },
);
