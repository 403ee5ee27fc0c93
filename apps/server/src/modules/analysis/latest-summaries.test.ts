import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisTable } from '../../db/schema.ts';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import type { AnalysisStatus, AnalysisType } from './analysis-types.ts';
import { latestSummariesQuery, listAnalysesQuery } from './analysis.service.ts';

// GET …/latest-summaries, what the web app asks every 5 s while a field is open: each type's newest completed
// analysis, read without the results. Rows are written directly: no job runs here.
const DAY_MS = 86_400_000;
/** Two years of daily analyses of each of the four types, for the plan check. */
const HISTORY_DAYS = 730;
/** About the size of a season's health result with its time series and zones; the large one is ~2 MB. */
const RESULT_BYTES = 8_000;
const LARGE_RESULT_BYTES = 2_000_000;

let app: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;

async function createField(account: TestAccount, name: string): Promise<string> {
  const farm = await as(account, app.app, { method: 'POST', url: '/api/farms', payload: { name: `${name} farm` } });
  const field = await as(account, app.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name, farmId: farm.json().data.id, boundary: squareBoundary(4), irrigated: false },
  });
  return field.json().data.id;
}

const base = Date.parse('2026-01-01T06:00:00Z');
const at = (day: number, hour = 0) => new Date(base + day * DAY_MS + hour * 3_600_000);

function analysisRow(
  account: TestAccount,
  fieldId: string,
  type: AnalysisType,
  status: AnalysisStatus,
  requestedDay: number,
  finishedDay: number | null,
  resultBytes = 200,
): Insertable<AnalysisTable> & { id: string } {
  return {
    id: randomUUID(),
    orgId: account.orgId,
    fieldId,
    type,
    status,
    requestedAt: at(requestedDay),
    startedAt: at(requestedDay, 1),
    finishedAt: finishedDay === null ? null : at(finishedDay, 2),
    analysisDate: at(requestedDay).toISOString().slice(0, 10),
    summary: `${type} ${status} on day ${requestedDay}`,
    inputs: JSON.stringify({ options: {}, padding: 'i'.repeat(100) }),
    result: status === 'completed' ? JSON.stringify({ padding: 'r'.repeat(resultBytes) }) : null,
    error: status === 'failed' ? 'No clear image' : null,
  };
}

async function insert(rows: Insertable<AnalysisTable>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await app.ctx.database.db
      .insertInto('analyses')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function latest(account: TestAccount, fieldId: string) {
  return as(account, app.app, { method: 'GET', url: `/api/analysis/${fieldId}/latest-summaries` });
}

/** The plan PostgreSQL chooses for the query the route runs, with each node's output columns. */
async function planOf(orgId: string, fieldId: string): Promise<string> {
  const query = latestSummariesQuery(app.ctx.database.db, orgId, fieldId).compile();
  const { rows } = await app.ctx.database.db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (verbose, costs off) ${query.sql}`, [...query.parameters]),
  );
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  app = await startTestApp();
  farmer = await registerAccount(app.app);
  neighbour = await registerAccount(app.app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('latest summaries', () => {
  it('gives each type its newest completed analysis by finished time, ignoring queued, running, failed and cancelled ones', async () => {
    const fieldId = await createField(farmer, 'Vlei Block');
    const finishedLast = analysisRow(farmer, fieldId, 'health', 'completed', 10, 14);
    const yieldNewest = analysisRow(farmer, fieldId, 'yield', 'completed', 12, 12);
    await insert([
      analysisRow(farmer, fieldId, 'health', 'completed', 1, 1),
      // Asked for later but finished earlier: requested time does not decide.
      analysisRow(farmer, fieldId, 'health', 'completed', 12, 12),
      finishedLast,
      analysisRow(farmer, fieldId, 'health', 'failed', 20, 20),
      analysisRow(farmer, fieldId, 'health', 'cancelled', 21, 21),
      analysisRow(farmer, fieldId, 'health', 'running', 22, null),
      analysisRow(farmer, fieldId, 'yield', 'completed', 3, 3),
      yieldNewest,
      analysisRow(farmer, fieldId, 'yield', 'queued', 30, null),
      // The only irrigation analyses failed or were cancelled: none to show.
      analysisRow(farmer, fieldId, 'irrigation', 'failed', 5, 5),
      analysisRow(farmer, fieldId, 'irrigation', 'cancelled', 6, 6),
    ]);

    const response = await latest(farmer, fieldId);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(['fertilizer', 'health', 'irrigation', 'yield']);
    expect(data.health).toEqual({
      id: finishedLast.id,
      field_id: fieldId,
      type: 'health',
      status: 'completed',
      analysis_date: '2026-01-11',
      requested_at: at(10).toISOString(),
      started_at: at(10, 1).toISOString(),
      finished_at: at(14, 2).toISOString(),
      summary: 'health completed on day 10',
      simulated: false,
      error: null,
      stage: null,
      stage_at: null,
    });
    expect(data.yield.id).toBe(yieldNewest.id);
    expect(data.irrigation).toBeNull();
    expect(data.fertilizer).toBeNull();
  });

  it('answers every type empty for a field with no completed analysis', async () => {
    const fieldId = await createField(farmer, 'Bare Block');
    await insert([analysisRow(farmer, fieldId, 'health', 'running', 1, null)]);
    const response = await latest(farmer, fieldId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ health: null, yield: null, irrigation: null, fertilizer: null });
  });

  it("never shows another organisation's analyses, nor its field", async () => {
    const fieldId = await createField(farmer, 'Home Block');
    const theirs = await createField(neighbour, 'Next Door');
    const mine = analysisRow(farmer, fieldId, 'health', 'completed', 1, 1);
    // A row naming this field but another organisation (no such row is written by the app): still not shown.
    const stray = { ...analysisRow(farmer, fieldId, 'health', 'completed', 5, 5), orgId: neighbour.orgId };
    await insert([mine, stray, analysisRow(neighbour, theirs, 'yield', 'completed', 2, 2)]);

    const data = (await latest(farmer, fieldId)).json().data;
    expect(data.health.id).toBe(mine.id);
    expect(data.yield).toBeNull();

    const foreign = await latest(farmer, theirs);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    expect(foreign.body).not.toContain('completed');
    expect((await latest(farmer, randomUUID())).statusCode).toBe(404);
  });

  it('leaves results and inputs out: a 2 MB result is not in the answer and the query never asks for them', async () => {
    const fieldId = await createField(farmer, 'Large Block');
    await insert([analysisRow(farmer, fieldId, 'health', 'completed', 1, 1, LARGE_RESULT_BYTES)]);
    const response = await latest(farmer, fieldId);
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(2_000);
    expect(Object.keys(response.json().data.health)).not.toContain('result');
    expect(Object.keys(response.json().data.health)).not.toContain('inputs');

    // What the query asks the database for: the summary columns, never the whole row.
    const { sql } = latestSummariesQuery(app.ctx.database.db, farmer.orgId, fieldId).compile();
    expect(sql).toMatch(/"summary"/);
    expect(sql).not.toMatch(/"result"|"inputs"|\*/);
  });

  it('reads a field with two years of daily analyses as one index probe per type, never sorting its history', async () => {
    const fieldId = await createField(farmer, 'Old Block');
    const rows: Insertable<AnalysisTable>[] = [];
    const types: AnalysisType[] = ['health', 'yield', 'irrigation', 'fertilizer'];
    for (let day = 0; day < HISTORY_DAYS; day++) {
      for (const type of types) {
        // One in twenty failed, as cloudy weeks do.
        const status: AnalysisStatus = day % 20 === 7 ? 'failed' : 'completed';
        rows.push(analysisRow(farmer, fieldId, type, status, day, day, RESULT_BYTES));
      }
    }
    await insert(rows);
    await app.ctx.database.db.executeQuery(CompiledQuery.raw('analyze analyses'));

    const plan = await planOf(farmer.orgId, fieldId);
    expect(plan).toMatch(/Limit[\s\S]*Index Scan using analyses_completed_idx on public\.analyses/);
    expect(plan).not.toMatch(/\bSort\b/);
    const data = (await latest(farmer, fieldId)).json().data;
    for (const type of types) expect(data[type].finished_at).toBe(at(HISTORY_DAYS - 1, 2).toISOString());
  }, 60_000);

  it('lists the history without results or inputs: a 2 MB result is neither read nor sent', async () => {
    const fieldId = await createField(farmer, 'History Block');
    await insert([analysisRow(farmer, fieldId, 'health', 'completed', 1, 1, LARGE_RESULT_BYTES)]);
    const response = await as(farmer, app.app, { method: 'GET', url: `/api/analysis/${fieldId}/history` });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(2_000);
    expect(response.json().data).toHaveLength(1);
    const { sql } = listAnalysesQuery(app.ctx.database.db, farmer.orgId, fieldId, null, 50).compile();
    expect(sql).toMatch(/"summary"/);
    expect(sql).not.toMatch(/"result"|"inputs"|\*/);
  });

  it('checks a result against its type when read: one that no longer matches is a logged error, not a silent pass', async () => {
    const fieldId = await createField(farmer, 'Stale Block');
    // Completed before the health result took its present shape (or altered since): no status the app knows.
    const stale = analysisRow(farmer, fieldId, 'health', 'completed', 1, 1);
    await insert([stale]);
    const response = await as(farmer, app.app, { method: 'GET', url: `/api/analysis/${fieldId}/health/${stale.id}` });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL');
    expect(response.body).not.toContain('rrrr');

    const good = {
      ...analysisRow(farmer, fieldId, 'health', 'completed', 2, 2),
      result: JSON.stringify({ status: 'no-clear-image', simulated: false, source: 'earth-search', history: [] }),
    };
    await insert([good]);
    const read = await as(farmer, app.app, { method: 'GET', url: `/api/analysis/${fieldId}/health/${good.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.result).toEqual({ status: 'no-clear-image', simulated: false, source: 'earth-search', history: [] });
  });
});
