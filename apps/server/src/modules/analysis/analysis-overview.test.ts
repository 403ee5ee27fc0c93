import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisTable } from '../../db/schema.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { createFarmWithFields } from '../../../test/factories.ts';
import healthResult from '../../../../../packages/core/src/analysis-results/fixtures/health-result.json';

// GET /api/analysis/overview: the dashboard's farm totals in one request. Rows are written directly: no job runs here.
let app: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;

const at = (day: number) => new Date(Date.parse('2026-11-01T06:00:00Z') + day * 86_400_000);

function healthRow(
  account: TestAccount,
  fieldId: string,
  finishedDay: number,
  result: unknown,
  overrides: Partial<Insertable<AnalysisTable>> = {},
): Insertable<AnalysisTable> & { id: string } {
  return {
    id: randomUUID(),
    orgId: account.orgId,
    fieldId,
    type: 'health',
    status: 'completed',
    requestedAt: at(finishedDay),
    startedAt: at(finishedDay),
    finishedAt: at(finishedDay),
    analysisDate: at(finishedDay).toISOString().slice(0, 10),
    summary: 'health',
    simulated: true,
    inputs: JSON.stringify({ options: {} }),
    result: result === null ? null : JSON.stringify(result),
    ...overrides,
  };
}

async function overview(account: TestAccount) {
  return as(account, app.app, { method: 'GET', url: '/api/analysis/overview' });
}

beforeAll(async () => {
  app = await startTestApp();
  farmer = await registerAccount(app.app);
  neighbour = await registerAccount(app.app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('analysis overview', () => {
  it('is an empty list for an organisation without fields', async () => {
    const fresh = await registerAccount(app.app);
    const response = await overview(fresh);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it("gives each of the organisation's fields its newest completed health headline, and none of another organisation's", async () => {
    const { fieldIds } = await createFarmWithFields(app.app, farmer, ['A healthy block', 'B no clear image', 'C never analysed'], 2);
    const [healthy, cloudy, never] = fieldIds as [string, string, string];
    const { fieldIds: theirs } = await createFarmWithFields(app.app, neighbour, ['Neighbour block'], 2);
    const newest = healthRow(farmer, healthy, 5, healthResult);
    await app.ctx.database.db
      .insertInto('analyses')
      .values([
        healthRow(farmer, healthy, 1, { ...healthResult, status: 'bare-or-stressed' }),
        newest,
        // Still running, newer than the completed one: not what the totals count.
        healthRow(farmer, healthy, 9, null, { status: 'running', finishedAt: null }),
        healthRow(
          farmer,
          cloudy,
          3,
          { status: 'no-clear-image', simulated: false, source: 'earth-search', history: [] },
          { simulated: false },
        ),
        // The yield analysis of a field is not its health.
        healthRow(farmer, never, 3, { available: false }, { type: 'yield' }),
        healthRow(neighbour, theirs[0]!, 4, healthResult),
      ])
      .execute();

    const response = await overview(farmer);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual([
      {
        field_id: healthy,
        size_hectares: expect.closeTo(2, 1),
        health: {
          analysis_id: newest.id,
          status: 'healthy',
          ndvi: healthResult.latest.ndvi.mean,
          date: healthResult.latest.date,
          simulated: true,
        },
      },
      {
        field_id: cloudy,
        size_hectares: expect.closeTo(2, 1),
        health: {
          analysis_id: expect.any(String),
          status: 'no-clear-image',
          ndvi: null,
          date: at(3).toISOString().slice(0, 10),
          simulated: false,
        },
      },
      { field_id: never, size_hectares: expect.closeTo(2, 1), health: null },
    ]);
    expect(JSON.stringify(data)).not.toContain(theirs[0]);

    const theirsResponse = await overview(neighbour);
    expect(theirsResponse.json().data.map((row: { field_id: string }) => row.field_id)).toEqual(theirs);
  });

  it('asks for a signed-in person', async () => {
    const response = await app.app.inject({ method: 'GET', url: '/api/analysis/overview' });
    expect(response.statusCode).toBe(401);
  });
});
