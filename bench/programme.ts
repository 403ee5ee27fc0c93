/**
 * The programme's figures (the funders' screen) over 15,000 fields on PostgreSQL (a database made for the run and
 * dropped after): 3,000 farms of 5 fields in 20 groups, nine in ten fields with a crop health analysis, six in ten
 * with a yield estimate, and a season of alerts, notifications, advice and records. Prints the median of 5 answers of
 * `programmeFigures` beside a reference measured in the same run on the same fields: the dashboard's farm totals
 * (`analysisOverview`, one probe of the latest health analysis per field), the least a per-field screen reads.
 * Goal: ≤ 300 ms for the figures.
 *
 *   npm run bench:programme   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import { analysisOverview } from '../apps/server/src/modules/analysis/analysis-overview.ts';
import { programmeFigures } from '../apps/server/src/modules/programme/programme-figures.ts';
import { seedProgramme } from './support/programme-seed.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const FARMS = 3_000;
const FIELDS_PER_FARM = 5;
const GROUPS = 20;
const RUNS = 5;
const GOAL_MS = 300;

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

await withScratchRuntime('programme', async (runtime) => {
  const seeding = performance.now();
  const actor = await seedProgramme(runtime, { farms: FARMS, fieldsPerFarm: FIELDS_PER_FARM, groups: GROUPS });
  console.log(
    `Seeded ${FARMS * FIELDS_PER_FARM} fields on ${FARMS} farms in ${GROUPS} groups in ${((performance.now() - seeding) / 1000).toFixed(1)} s.`,
  );
  const reference = await medianMs(() => analysisOverview(runtime.ctx, actor));
  const figures = await medianMs(() => programmeFigures(runtime.ctx, actor, {}));
  const filtered = await medianMs(() => programmeFigures(runtime.ctx, actor, { crop: 'maize-grain' }));
  const answer = await programmeFigures(runtime.ctx, actor, {});
  console.log(`reference: the dashboard's farm totals (analysisOverview)   ${reference.toFixed(0).padStart(5)} ms`);
  console.log(
    `programme figures, all                                    ${figures.toFixed(0).padStart(5)} ms  (${(figures / reference).toFixed(2)}× the reference)`,
  );
  console.log(`programme figures, crop = maize                           ${filtered.toFixed(0).padStart(5)} ms`);
  console.log(
    `answer: ${answer.rows.length} rows, ${answer.totals.farms} farms, ${answer.totals.fields} fields, ${answer.cellsLeftOut} cells left out`,
  );
  console.log(`${figures <= GOAL_MS ? 'PASS' : 'FAIL'}: the figures take ${figures.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms).`);
});
