import type { AnalysisDetail, AnalysisType, AnalysisView } from '@murimi/core';
import { api, ApiError } from '../../lib/api/client.ts';
import type { LatestSummaries } from './api/analyses.ts';
import { ANALYSIS_POLL_MS } from './api/analyses.ts';
import { advanceProgress, startProgress, type AnalysisProgress } from './progress-model.ts';
import { AnalysisStartError, startWithRetry, waitMs, type StartFailureReason } from './start-retry.ts';

/**
 * The analyses this browser started and waits on (spec §4 "Analysis lifecycle"), kept outside React so the floating
 * cards survive navigation: starting (the POST, with the spec's retries), running (the analysis polled every 5 s for
 * its stage and status), then completed, failed, cancelled or timed out. One run per field and type at a time.
 * Completion is the spec's: the field's latest summary of the type has an id other than the one known at the start.
 */

/** Where a run is; `starting` and `running` are still waiting. */
export type RunState = 'starting' | 'running' | 'completed' | 'failed' | 'cancelled' | 'timed-out';

/** Why polling gave up after three failures in a row (spec §8 "Analysis polling"). */
export type PollFailureReason = 'fieldNotFound' | 'badResponse' | 'timeout' | 'other';

/** What a card says went wrong: a text of the `app` locale, or the server's own sentence for a failed analysis. */
export type RunFailure =
  { kind: 'start'; reason: StartFailureReason } | { kind: 'poll'; reason: PollFailureReason } | { kind: 'analysis'; message: string };

export interface AnalysisRun {
  /** `fieldId:type`: one run per field and type. */
  key: string;
  fieldId: string;
  fieldName: string;
  type: AnalysisType;
  analysisId: string | null;
  state: RunState;
  progress: AnalysisProgress;
  failure: RunFailure | null;
  /** Results from demo imagery or simulated weather. */
  simulated: boolean;
}

export interface RunRequest {
  fieldId: string;
  fieldName: string;
  type: AnalysisType;
}

/** How the runs reach the server and the clock; the app's are the real ones, tests give fakes. */
export interface RunnerDeps {
  now(): number;
  sleep(ms: number): Promise<void>;
  latestSummaries(fieldId: string): Promise<LatestSummaries>;
  start(fieldId: string, type: AnalysisType): Promise<{ id: string }>;
  analysis(fieldId: string, type: AnalysisType, id: string): Promise<AnalysisDetail>;
  cancel(fieldId: string, type: AnalysisType, id: string): Promise<void>;
  /** The field's queued or running analysis of the type, if any (a run the server started: schedule, new field). */
  running(fieldId: string, type: AnalysisType): Promise<string | null>;
}

/** What the cards tell the person: the spec's toasts (§8 "Map and cancel") and a second start. */
export type RunNotice = 'alreadyRunning' | 'cancelled' | 'cancelNotFound' | 'cancelFailed';

/** Polls failing this many times in a row end the wait (spec §8). */
export const POLL_FAILURES_ALLOWED = 3;
/** A simulated run (`test-` field ids) finishes after this long. */
export const SIMULATED_RUN_MS = 6_000;
/** The card of a finished run stays this long, then goes by itself; a failed one stays until closed. */
export const COMPLETED_CARD_MS = 10_000;
/** How often the estimate moves while nothing else happens. */
const TICK_MS = 1_000;

/** Field ids starting `test-` never reach the network and simulate their progress (spec §4). */
export const isSimulatedField = (fieldId: string) => fieldId.startsWith('test-');

const runKey = (fieldId: string, type: AnalysisType) => `${fieldId}:${type}`;
const waiting = (run: AnalysisRun | undefined) => run?.state === 'starting' || run?.state === 'running';

export function pollFailureReason(error: unknown): PollFailureReason {
  if (error instanceof ApiError && error.status === 404) return 'fieldNotFound';
  if (error instanceof SyntaxError) return 'badResponse';
  if (
    (error instanceof ApiError && (error.status === 408 || error.status === 504)) ||
    (error instanceof DOMException && error.name === 'TimeoutError')
  )
    return 'timeout';
  return 'other';
}

type Listener = () => void;

export class AnalysisRuns {
  private runs: readonly AnalysisRun[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly settledListeners = new Set<(run: AnalysisRun) => void>();
  private readonly noticeListeners = new Set<(notice: RunNotice, run: AnalysisRun) => void>();
  private ticker: ReturnType<typeof setInterval> | null = null;
  /** The analyses `adopt` has taken up, so a closed card is not brought back by the next look. */
  private readonly adopted = new Set<string>();

  constructor(private readonly deps: RunnerDeps) {}

  getState = (): readonly AnalysisRun[] => this.runs;

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Told once when a run ends with a result, so the screens showing that field can ask again. */
  onSettled(listener: (run: AnalysisRun) => void) {
    this.settledListeners.add(listener);
    return () => void this.settledListeners.delete(listener);
  }

  onNotice(listener: (notice: RunNotice, run: AnalysisRun) => void) {
    this.noticeListeners.add(listener);
    return () => void this.noticeListeners.delete(listener);
  }

  find(fieldId: string, type: AnalysisType): AnalysisRun | undefined {
    return this.runs.find((run) => run.key === runKey(fieldId, type));
  }

  /**
   * Starts a run and resolves when it has ended. A second start of a field and type still waiting is refused with
   * the "already running" notice (spec §4) and changes nothing.
   */
  async run(request: RunRequest): Promise<AnalysisRun> {
    const existing = this.find(request.fieldId, request.type);
    if (existing && waiting(existing)) {
      this.notify('alreadyRunning', existing);
      return existing;
    }
    const key = runKey(request.fieldId, request.type);
    this.put({
      key,
      ...request,
      analysisId: null,
      state: 'starting',
      progress: startProgress(request.type, this.deps.now()),
      failure: null,
      simulated: isSimulatedField(request.fieldId),
    });
    this.ensureTicking();
    return isSimulatedField(request.fieldId) ? this.simulate(key) : this.follow(key);
  }

  /**
   * Follows an analysis the server started by itself (a new field's, a schedule's) as if this browser had started
   * it: its card shows and is polled the same way. One that already ended before it was seen (a quick failure) shows
   * ended, with the server's sentence. Each analysis is taken up once: one closed, or followed already, is left alone.
   */
  adopt(request: RunRequest & { analysisId: string; status?: AnalysisView['status']; error?: string | null }): void {
    const { analysisId, status = 'running', error = null, ...rest } = request;
    if (this.adopted.has(analysisId)) return;
    const existing = this.find(request.fieldId, request.type);
    if (existing && (waiting(existing) || existing.analysisId === analysisId)) return;
    if (status === 'cancelled') return;
    this.adopted.add(analysisId);
    const key = runKey(request.fieldId, request.type);
    this.put({
      key,
      ...rest,
      analysisId,
      state: 'running',
      progress: startProgress(request.type, this.deps.now()),
      failure: null,
      simulated: false,
    });
    if (status === 'failed') {
      this.finish(key, { state: 'failed', failure: { kind: 'analysis', message: error ?? '' } });
      return;
    }
    if (status === 'completed') {
      this.finish(key, { state: 'completed' });
      return;
    }
    this.ensureTicking();
    void this.watch(key, analysisId, undefined);
  }

  /** Cancels a waiting run on the server (spec §8 toasts); a run still starting is only forgotten. */
  async cancel(fieldId: string, type: AnalysisType): Promise<void> {
    const run = this.find(fieldId, type);
    if (!run || !waiting(run)) return;
    if (run.analysisId && !isSimulatedField(fieldId)) {
      try {
        await this.deps.cancel(fieldId, type, run.analysisId);
      } catch (error) {
        const gone = error instanceof ApiError && (error.status === 404 || error.status === 409);
        this.notify(gone ? 'cancelNotFound' : 'cancelFailed', run);
        if (!gone) return;
      }
    }
    const cancelled = this.update(run.key, { state: 'cancelled' });
    if (cancelled) this.notify('cancelled', cancelled);
    this.dismiss(run.key);
  }

  dismiss(key: string) {
    this.publish(this.runs.filter((run) => run.key !== key));
  }

  private async simulate(key: string): Promise<AnalysisRun> {
    await this.deps.sleep(SIMULATED_RUN_MS);
    return this.finish(key, { state: 'completed' });
  }

  private async follow(key: string): Promise<AnalysisRun> {
    const run = this.get(key);
    let knownSummaryId: string | null;
    let analysisId: string;
    try {
      knownSummaryId = await startWithRetry(
        async () => (await this.deps.latestSummaries(run.fieldId))[run.type]?.id ?? null,
        this.deps.sleep,
      );
      analysisId = (await startWithRetry(() => this.deps.start(run.fieldId, run.type), this.deps.sleep)).id;
    } catch (error) {
      const reason = error instanceof AnalysisStartError ? error.reason : 'other';
      // Already queued or running on the server (the field's own start, a schedule): follow that one instead.
      const theirs = reason === 'alreadyRunning' ? await this.deps.running(run.fieldId, run.type).catch(() => null) : null;
      if (theirs && waiting(this.find(run.fieldId, run.type))) {
        this.update(key, { state: 'running', analysisId: theirs });
        return this.watch(key, theirs, undefined);
      }
      if (reason === 'alreadyRunning') this.notify('alreadyRunning', this.get(key));
      return this.finish(key, { state: 'failed', failure: { kind: 'start', reason } });
    }
    const now = this.find(run.fieldId, run.type);
    if (!now || !waiting(now)) {
      // Cancelled while the start was on its way: the server has the analysis now, so cancel it there too.
      await this.deps.cancel(run.fieldId, run.type, analysisId).catch(() => undefined);
      return now ?? run;
    }
    this.update(key, { state: 'running', analysisId });
    return this.watch(key, analysisId, knownSummaryId);
  }

  /**
   * Polls a running analysis until it ends. Completed once the latest summary is another analysis than
   * `knownSummaryId` (spec §4); for a run found on the server (`undefined`), once it is that analysis.
   */
  private async watch(key: string, analysisId: string, knownSummaryId: string | null | undefined): Promise<AnalysisRun> {
    const run = this.get(key);
    let failures = 0;
    for (;;) {
      await this.deps.sleep(ANALYSIS_POLL_MS);
      const current = this.find(run.fieldId, run.type);
      if (!current || current.analysisId !== analysisId || !waiting(current)) return current ?? run;
      try {
        const detail = await this.deps.analysis(run.fieldId, run.type, analysisId);
        failures = 0;
        const polled = this.update(key, {
          simulated: detail.simulated,
          progress: advanceProgress(current.progress, {
            kind: 'polled',
            nowMs: this.deps.now(),
            stage: detail.stage,
            stageAt: detail.stage_at,
          }),
        });
        if (detail.status === 'failed')
          return this.finish(key, { state: 'failed', failure: { kind: 'analysis', message: detail.error ?? '' } });
        if (detail.status === 'cancelled') return this.finish(key, { state: 'cancelled' });
        if (detail.status === 'completed') {
          // Spec §4: completed once the latest summary is another analysis than the one known at the start.
          const latest = (await this.deps.latestSummaries(run.fieldId))[run.type];
          const done = knownSummaryId === undefined ? latest?.id === analysisId : !!latest && latest.id !== knownSummaryId;
          if (latest && done) return this.finish(key, { state: 'completed', simulated: latest.simulated });
        }
        if (polled?.progress.phase === 'timed-out') return this.finish(key, { state: 'timed-out' });
      } catch (error) {
        failures += 1;
        if (failures >= POLL_FAILURES_ALLOWED)
          return this.finish(key, { state: 'failed', failure: { kind: 'poll', reason: pollFailureReason(error) } });
      }
    }
  }

  private finish(key: string, change: Partial<AnalysisRun>): AnalysisRun {
    const current = this.get(key);
    if (!waiting(current)) return current;
    const progress =
      change.state === 'completed' ? advanceProgress(current.progress, { kind: 'completed', nowMs: this.deps.now() }) : current.progress;
    const run = this.update(key, { ...change, progress }) ?? current;
    if (run.state === 'completed') {
      for (const listener of this.settledListeners) listener(run);
      void this.deps.sleep(COMPLETED_CARD_MS).then(() => {
        if (this.find(run.fieldId, run.type)?.state === 'completed') this.dismiss(key);
      });
    }
    return run;
  }

  /** Moves every waiting card's estimate once a second; stops when none waits. */
  private ensureTicking() {
    if (this.ticker) return;
    this.ticker = setInterval(() => {
      const now = this.deps.now();
      let any = false;
      this.publish(
        this.runs.map((run) => {
          if (!waiting(run)) return run;
          any = true;
          const progress = advanceProgress(run.progress, { kind: 'tick', nowMs: now });
          if (progress === run.progress) return run;
          // 120 s without a result ends the wait (spec §4); the analysis may still finish on the server.
          return { ...run, progress, state: progress.phase === 'timed-out' ? 'timed-out' : run.state };
        }),
      );
      if (!any && this.ticker) {
        clearInterval(this.ticker);
        this.ticker = null;
      }
    }, TICK_MS);
  }

  private get(key: string): AnalysisRun {
    const run = this.runs.find((r) => r.key === key);
    if (!run) throw new Error(`No analysis run ${key}`);
    return run;
  }

  private put(run: AnalysisRun) {
    this.publish([...this.runs.filter((r) => r.key !== run.key), run]);
  }

  private update(key: string, change: Partial<AnalysisRun>): AnalysisRun | undefined {
    const run = this.runs.find((r) => r.key === key);
    if (!run) return undefined;
    const next = { ...run, ...change };
    this.publish(this.runs.map((r) => (r.key === key ? next : r)));
    return next;
  }

  private publish(next: readonly AnalysisRun[]) {
    if (next.length === this.runs.length && next.every((run, i) => run === this.runs[i])) return;
    this.runs = next;
    for (const listener of this.listeners) listener();
  }

  private notify(notice: RunNotice, run: AnalysisRun) {
    for (const listener of this.noticeListeners) listener(notice, run);
  }
}

/** An answer that is not the JSON the API promises is the spec's "server response error". */
function body<T>(payload: { data: T } | undefined): T {
  if (payload?.data === undefined) throw new SyntaxError('The server answered without the expected JSON.');
  return payload.data;
}

/** The app's runs, against the real API and clock. */
export const analysisRuns = new AnalysisRuns({
  now: () => Date.now(),
  sleep: waitMs,
  latestSummaries: async (fieldId) => body(await api.get<{ data: LatestSummaries }>(`/api/analysis/${fieldId}/latest-summaries`)),
  start: async (fieldId, type) => body(await api.post<{ data: { id: string } }>(`/api/analysis/${fieldId}/${type}/run`, {})),
  analysis: async (fieldId, type, id) => body(await api.get<{ data: AnalysisDetail }>(`/api/analysis/${fieldId}/${type}/${id}`)),
  cancel: (fieldId, type, id) => api.delete(`/api/analysis/${fieldId}/${type}/${id}`),
  running: async (fieldId, type) => {
    const [newest] = body(await api.get<{ data: AnalysisView[] }>(`/api/analysis/${fieldId}/history?type=${type}&limit=1`));
    return newest && (newest.status === 'queued' || newest.status === 'running') ? newest.id : null;
  },
});

/** Starts an analysis of a field; its card shows how it goes. */
export function runAnalysis(request: RunRequest): void {
  void analysisRuns.run(request);
}
