import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { createLocalStacHandler, SceneSearchCache, simulatedSentinel2, writeDemoCatalog } from '@murimi/earth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { AnalysisCancelledError, startAnalysisProgress } from './analysis-progress.ts';
import { runHealthAnalysis } from './health-analysis.ts';
import type { ImageryAccess } from './imagery.ts';

// A health analysis reading a season of imagery from a slow catalogue (each COG range answered after 0.5 s, as over
// a poor link), cancelled through the API while it reads.
const today = isoDay(new Date());
const season = { from: addDays(today, -60), to: today };
const boundary = squareBoundary(5, [31.06, -17.84]) as FieldBoundary;
const COG_ANSWER_DELAY_MS = 500;

let api: TestApp;
let farmer: TestAccount;
let fieldId: string;
let folder: string;
let catalogue: Server;
let catalogueUrl: string;
let cogRequestsArrived = 0;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'murimi-cancel-'));
  await writeDemoCatalog({
    fields: [{ id: 'f', name: 'F', crop: 'maize', plantingDate: season.from, boundary }],
    ...season,
    directory: folder,
  });
  const handler = await createLocalStacHandler(folder);
  catalogue = createServer((request, response) => {
    if (!request.url?.endsWith('.tif')) return handler(request, response);
    cogRequestsArrived += 1;
    setTimeout(() => handler(request, response), COG_ANSWER_DELAY_MS);
  });
  await new Promise<void>((resolve) => catalogue.listen(0, '127.0.0.1', resolve));
  catalogueUrl = `http://127.0.0.1:${(catalogue.address() as AddressInfo).port}`;

  api = await startTestApp();
  farmer = await registerAccount(api.app);
  const farmId = (await as(farmer, api.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
  const field = await as(farmer, api.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Block', farmId, boundary, cropType: 'maize-grain', plantingDate: season.from, irrigated: false },
  });
  fieldId = field.json().data.id;
}, 120_000);

afterAll(async () => {
  catalogue?.closeAllConnections();
  catalogue?.close();
  await api?.close();
  await rm(folder, { recursive: true, force: true });
});

/** A health analysis asked for through the API and taken up by a worker, as the job's claim leaves it: running. */
async function runningAnalysis(): Promise<string> {
  const run = await as(farmer, api.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
  expect(run.statusCode).toBe(202);
  const { id } = run.json().data as { id: string };
  await api.ctx.database.db.updateTable('analyses').set({ status: 'running', startedAt: new Date() }).where('id', '=', id).execute();
  return id;
}

const cancel = (id: string) => as(farmer, api.app, { method: 'DELETE', url: `/api/analysis/${fieldId}/health/${id}` });
const stageOf = (id: string) =>
  api.ctx.database.db.selectFrom('analyses').select(['stage', 'stageAt']).where('id', '=', id).executeTakeFirstOrThrow();

describe('the progress channel of a running analysis', () => {
  it('stores each stage on the analysis while it runs, and refuses the next one once it is cancelled', async () => {
    const id = await runningAnalysis();
    const progress = startAnalysisProgress(api.ctx.database, id, api.app.log);
    try {
      await progress.report('searching-imagery');
      expect(await stageOf(id)).toMatchObject({ stage: 'searching-imagery', stageAt: expect.any(Date) });
      await progress.report('reading-imagery');
      expect((await stageOf(id)).stage).toBe('reading-imagery');

      expect((await cancel(id)).statusCode).toBe(200);
      await expect(progress.report('computing')).rejects.toBeInstanceOf(AnalysisCancelledError);
      expect(progress.signal.aborted).toBe(true);
      expect((await stageOf(id)).stage).toBe('reading-imagery');
    } finally {
      progress.stop();
    }
  });

  it('stops a cancelled analysis reading imagery within 5 s, and no imagery is asked for after', async () => {
    const id = await runningAnalysis();
    // COG requests counted as they are sent, at the reader.
    const sentAt: number[] = [];
    const imagery: ImageryAccess = {
      source: simulatedSentinel2(catalogueUrl),
      simulated: true,
      cog: {
        fetch: (input, init) => {
          sentAt.push(performance.now());
          return fetch(input, init);
        },
      },
      search: { cache: new SceneSearchCache() },
    };
    const progress = startAnalysisProgress(api.ctx.database, id, api.app.log);
    try {
      const analysis = runHealthAnalysis({ boundary }, season, imagery, progress);
      const ended = analysis.then(
        () => ({ at: performance.now(), error: null }),
        (error: unknown) => ({ at: performance.now(), error }),
      );
      // Well into the season's imagery: some answered, more in flight (unstopped it would read for far longer).
      while (cogRequestsArrived < 12) await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await stageOf(id)).stage).toBe('reading-imagery');
      const cancelledAt = performance.now();
      expect((await cancel(id)).statusCode).toBe(200);

      const { at, error } = await ended;
      expect(error).toBeInstanceOf(AnalysisCancelledError);
      expect(at - cancelledAt).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(sentAt.filter((sent) => sent > at)).toEqual([]);
    } finally {
      progress.stop();
    }
  }, 60_000);
});
