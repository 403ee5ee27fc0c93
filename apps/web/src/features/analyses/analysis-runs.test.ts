import type { AnalysisDetail, AnalysisType, AnalysisView } from '@murimi/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { ANALYSIS_POLL_MS, type LatestSummaries } from './api/analyses.ts';
import { AnalysisRuns, COMPLETED_CARD_MS, SIMULATED_RUN_MS, type RunnerDeps, type RunNotice } from './analysis-runs.ts';

const FIELD = '7d2b6a8e-1c1e-4c59-9a52-2f7a3c1f0b11';

const view = (id: string, status: AnalysisView['status'], extra: Partial<AnalysisView> = {}): AnalysisDetail => ({
  id,
  field_id: FIELD,
  type: 'health',
  status,
  analysis_date: null,
  requested_at: '2026-11-25T10:00:00.000Z',
  started_at: null,
  finished_at: null,
  summary: null,
  simulated: true,
  error: null,
  stage: null,
  stage_at: null,
  inputs: {},
  result: null,
  ...extra,
});

const summaries = (healthId: string | null): LatestSummaries => ({
  health: healthId ? view(healthId, 'completed') : null,
  yield: null,
  irrigation: null,
  fertilizer: null,
});

/** A fake server: the test says what each call answers next; everything runs on fake timers. */
function fakeServer() {
  const calls: string[] = [];
  let latestId: string | null = 'old-summary';
  let runningId: string | null = null;
  let startAnswers: (() => Promise<{ id: string }>)[] = [];
  let pollAnswers: (() => Promise<AnalysisDetail>)[] = [];
  const deps: RunnerDeps = {
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    latestSummaries: async () => {
      calls.push('summaries');
      return summaries(latestId);
    },
    start: async () => {
      calls.push('start');
      const next = startAnswers.shift();
      return next ? next() : { id: 'new-analysis' };
    },
    analysis: async () => {
      calls.push('poll');
      const next = pollAnswers.shift();
      return next ? next() : view('new-analysis', 'running');
    },
    cancel: vi.fn(async () => {
      calls.push('cancel');
    }),
    running: async () => {
      calls.push('running');
      return runningId;
    },
  };
  return {
    deps,
    calls,
    setLatest: (id: string | null) => (latestId = id),
    setRunning: (id: string | null) => (runningId = id),
    onStart: (...answers: (() => Promise<{ id: string }>)[]) => (startAnswers = answers),
    onPoll: (...answers: (() => Promise<AnalysisDetail>)[]) => (pollAnswers = answers),
  };
}

const request = (type: AnalysisType = 'health', fieldId = FIELD) => ({ fieldId, fieldName: 'Kwacha 3', type });

describe('runs the server started', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('follows an analysis found running on the server to its failure, with the server’s sentence, starting nothing', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const weather = 'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.';
    server.onPoll(
      async () => view('server-run', 'running', { stage: 'reading-weather', stage_at: '2026-11-25T10:00:03.000Z' }),
      async () => view('server-run', 'failed', { error: weather }),
    );
    runs.adopt({ ...request('irrigation'), analysisId: 'server-run' });
    // Found again by the next look at the field: the same card, not a second.
    runs.adopt({ ...request('irrigation'), analysisId: 'server-run' });
    expect(runs.getState()).toHaveLength(1);
    expect(runs.find(FIELD, 'irrigation')).toMatchObject({ state: 'running', analysisId: 'server-run' });
    await vi.advanceTimersByTimeAsync(2 * ANALYSIS_POLL_MS);
    expect(runs.find(FIELD, 'irrigation')).toMatchObject({ state: 'failed', failure: { kind: 'analysis', message: weather } });
    expect(server.calls).toEqual(['poll', 'poll']);
    // A failed card stays; the same analysis found again does not start it over.
    runs.adopt({ ...request('irrigation'), analysisId: 'server-run' });
    expect(runs.find(FIELD, 'irrigation')?.state).toBe('failed');
  });

  it('shows a run that failed before it was seen as failed, with the server’s sentence, once; a closed card stays closed', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const found = { ...request('irrigation'), analysisId: 'quick-failure', status: 'failed' as const, error: 'Weather is unavailable.' };
    runs.adopt(found);
    expect(runs.find(FIELD, 'irrigation')).toMatchObject({
      state: 'failed',
      failure: { kind: 'analysis', message: 'Weather is unavailable.' },
    });
    expect(server.calls).toEqual([]);
    runs.dismiss(runs.find(FIELD, 'irrigation')!.key);
    runs.adopt(found);
    expect(runs.find(FIELD, 'irrigation')).toBeUndefined();
  });

  it('completes an adopted run once the latest summary is that analysis', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    server.onPoll(async () => {
      server.setLatest('server-run');
      return view('server-run', 'completed');
    });
    runs.adopt({ ...request(), analysisId: 'server-run' });
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS);
    expect(runs.find(FIELD, 'health')?.state).toBe('completed');
  });

  it('follows the server’s run when a start is refused because one is already running', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const notices: RunNotice[] = [];
    runs.onNotice((notice) => notices.push(notice));
    server.setRunning('server-run');
    server.onStart(() => Promise.reject(new ApiError(409, 'A health analysis is already running for this field.', 'CONFLICT')));
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.find(FIELD, 'health')).toMatchObject({ state: 'running', analysisId: 'server-run' });
    expect(notices).toEqual([]);
  });
});

describe('analysis runs (spec §4 lifecycle)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('completes when the latest summary is another analysis than the one known at the start', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const settled = vi.fn();
    runs.onSettled(settled);
    server.onPoll(
      async () => view('new-analysis', 'running', { stage: 'reading-imagery', stage_at: '2026-11-25T10:00:03.000Z' }),
      async () => {
        server.setLatest('new-analysis');
        return view('new-analysis', 'completed');
      },
    );
    const done = runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.find(FIELD, 'health')?.state).toBe('running');

    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS);
    const running = runs.find(FIELD, 'health');
    expect(running?.progress.stage).toBe('reading-imagery');
    expect(running?.progress.message).toEqual({ key: 'analysisProgress.stages.reading-imagery' });

    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS);
    const run = await done;
    expect(run.state).toBe('completed');
    expect(run.progress.percent).toBe(100);
    expect(settled).toHaveBeenCalledOnce();
    expect(server.calls).toEqual(['summaries', 'start', 'poll', 'poll', 'summaries']);

    // The finished card goes by itself.
    await vi.advanceTimersByTimeAsync(COMPLETED_CARD_MS);
    expect(runs.find(FIELD, 'health')).toBeUndefined();
  });

  it('does not call a completed poll done while the latest summary is still the old one', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    server.onPoll(async () => view('new-analysis', 'completed'));
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS);
    expect(runs.find(FIELD, 'health')?.state).toBe('running');
  });

  it('refuses a second start of the same field and type while the first waits, and starts nothing', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const notices: RunNotice[] = [];
    runs.onNotice((notice) => notices.push(notice));
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    expect(notices).toEqual(['alreadyRunning']);
    expect(server.calls.filter((call) => call === 'start')).toHaveLength(1);
    // Another type of the same field is its own run.
    void runs.run(request('yield'));
    await vi.advanceTimersByTimeAsync(0);
    expect(runs.getState().map((run) => run.type)).toEqual(['health', 'yield']);
  });

  it('retries a 404 start after 1 s and 2 s, then fails with the spec text reason', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const notFound = async () => {
      throw new ApiError(404, 'Field not found');
    };
    server.onStart(notFound, notFound, notFound);
    const done = runs.run(request());
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls.filter((c) => c === 'start')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.filter((c) => c === 'start')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2_000);
    const run = await done;
    expect(server.calls.filter((c) => c === 'start')).toHaveLength(3);
    expect(run.state).toBe('failed');
    expect(run.failure).toEqual({ kind: 'start', reason: 'fieldNotFound' });
  });

  it("shows a failed analysis's own sentence (the server's spec text)", async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const message = 'Satellite imagery could not be reached. Please try again in a few minutes.';
    server.onPoll(async () => view('new-analysis', 'failed', { error: message }));
    const done = runs.run(request());
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS);
    const run = await done;
    expect(run.state).toBe('failed');
    expect(run.failure).toEqual({ kind: 'analysis', message });
  });

  it('gives up after three failed polls in a row with the polling text of the failure', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const offline = async (): Promise<AnalysisDetail> => {
      throw new ApiError(0, 'Unable to connect');
    };
    server.onPoll(offline, async () => view('new-analysis', 'running'), offline, offline, offline);
    const done = runs.run(request());
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS * 4);
    expect(runs.find(FIELD, 'health')?.state).toBe('running');
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS);
    const run = await done;
    expect(run.state).toBe('failed');
    expect(run.failure).toEqual({ kind: 'poll', reason: 'other' });
  });

  it('times out at 120 s with the estimate never past 95 %', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const done = runs.run(request());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs.find(FIELD, 'health')?.progress.percent).toBeGreaterThan(50);
    await vi.advanceTimersByTimeAsync(55_000);
    expect(runs.find(FIELD, 'health')?.progress.percent).toBeLessThanOrEqual(95);
    await vi.advanceTimersByTimeAsync(6_000);
    const run = await done;
    expect(run.state).toBe('timed-out');
    expect(run.progress.message).toEqual({ key: 'analysisProgress.timedOut', params: { count: 2 } });
  });

  it('cancels on the server, says so, and removes the card', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const notices: RunNotice[] = [];
    runs.onNotice((notice) => notices.push(notice));
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    await runs.cancel(FIELD, 'health');
    expect(server.deps.cancel).toHaveBeenCalledWith(FIELD, 'health', 'new-analysis');
    expect(notices).toEqual(['cancelled']);
    expect(runs.getState()).toEqual([]);
    // The poll loop stops: nothing is asked after the cancel.
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS * 2);
    expect(server.calls).not.toContain('poll');
  });

  it('cancels on the server an analysis whose start was still on its way when the person cancelled', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    let answerStart: (answer: { id: string }) => void = () => {};
    server.onStart(() => new Promise((resolve) => (answerStart = resolve)));
    const done = runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    await runs.cancel(FIELD, 'health');
    expect(runs.getState()).toEqual([]);
    answerStart({ id: 'late-analysis' });
    await done;
    expect(server.deps.cancel).toHaveBeenCalledWith(FIELD, 'health', 'late-analysis');
    await vi.advanceTimersByTimeAsync(ANALYSIS_POLL_MS * 2);
    expect(server.calls).not.toContain('poll');
  });

  it('says "not found or already completed" when the server has nothing to cancel', async () => {
    const server = fakeServer();
    server.deps.cancel = async () => {
      throw new ApiError(404, 'Analysis not found or already completed');
    };
    const runs = new AnalysisRuns(server.deps);
    const notices: RunNotice[] = [];
    runs.onNotice((notice) => notices.push(notice));
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    await runs.cancel(FIELD, 'health');
    expect(notices[0]).toBe('cancelNotFound');
  });

  it('keeps a run whose cancel failed, and says so', async () => {
    const server = fakeServer();
    server.deps.cancel = async () => {
      throw new ApiError(500, 'Internal server error');
    };
    const runs = new AnalysisRuns(server.deps);
    const notices: RunNotice[] = [];
    runs.onNotice((notice) => notices.push(notice));
    void runs.run(request());
    await vi.advanceTimersByTimeAsync(0);
    await runs.cancel(FIELD, 'health');
    expect(notices).toEqual(['cancelFailed']);
    expect(runs.find(FIELD, 'health')?.state).toBe('running');
  });

  it('simulates a test- field without touching the network', async () => {
    const server = fakeServer();
    const runs = new AnalysisRuns(server.deps);
    const done = runs.run(request('health', 'test-field'));
    await vi.advanceTimersByTimeAsync(SIMULATED_RUN_MS / 2);
    expect(runs.find('test-field', 'health')?.progress.percent).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(SIMULATED_RUN_MS / 2);
    expect((await done).state).toBe('completed');
    expect(server.calls).toEqual([]);
  });
});
