import type { AnalysisStage, AnalysisType } from '@murimi/core';
import type { app } from '../../locales/en/app.ts';

/**
 * How far along a running analysis looks to the person waiting on it (spec §4 "Analysis lifecycle"). The server
 * cannot say how much of a run is left, so the card estimates it from the time spent against the expected
 * duration; when the server reports the step it is on, the card says that step in plain words instead. The shown
 * percentage never goes backwards, whatever the estimate or the server says next.
 */

/** How long an analysis is expected to take when nothing better is known (spec §9: 90 s). */
export const DEFAULT_ANALYSIS_ESTIMATE_MS = 90_000;
/** After this long without a result the card stops waiting and says so (spec §9: 120 s). */
export const ANALYSIS_TIMEOUT_MS = 120_000;
/** From this time on, polls that bring nothing new mean the analysis is slow (spec §9: 90 s). */
export const ANALYSIS_STALL_AFTER_MS = 90_000;
/** More unchanged polls than this, after `ANALYSIS_STALL_AFTER_MS`, mean the analysis is slow (spec §9). */
export const ANALYSIS_STALL_POLLS = 5;
/** A slow analysis shows at least this much, so the bar does not sit still in the middle (spec §4). */
export const SLOW_ANALYSIS_FLOOR_PERCENT = 85;
/** Short of completion the bar never claims to be done (spec §4). */
export const PROGRESS_CAP_PERCENT = 95;

/** The estimate's three phases end at 30 % and 80 % of the expected time (spec §4). */
const FIRST_PHASE_END = 0.3;
const SECOND_PHASE_END = 0.8;

/** The share of the bar each phase fills, per analysis (spec §4): the slow part of each analysis gets the most. */
export const phaseWeights: Record<AnalysisType, { initial: number; middle: number; final: number }> = {
  health: { initial: 0.3, middle: 0.5, final: 0.2 },
  yield: { initial: 0.2, middle: 0.6, final: 0.2 },
  fertilizer: { initial: 0.4, middle: 0.4, final: 0.2 },
  irrigation: { initial: 0.3, middle: 0.4, final: 0.3 },
};

type ProgressTexts = (typeof app)['analysisProgress'];

/** A locale key of the `app` namespace, with the numbers it needs: the card translates it. */
export type ProgressMessage =
  | { key: `analysisProgress.estimate.${keyof ProgressTexts['estimate']}` }
  | { key: `analysisProgress.stages.${AnalysisStage}` }
  | { key: 'analysisProgress.slow' }
  | { key: 'analysisProgress.timedOut'; params: { count: number } }
  | { key: 'analysisProgress.completed' };

/**
 * The estimate alone, from the time spent (spec §4): each phase fills its weight of the bar in a straight line, and
 * the bar stops at 95 % until the result is there. Whole percents.
 */
export function estimatedPercent(type: AnalysisType, elapsedMs: number, estimatedDurationMs: number): number {
  const weights = phaseWeights[type];
  const share = Math.max(0, elapsedMs) / estimatedDurationMs;
  let done: number;
  if (share <= FIRST_PHASE_END) done = weights.initial * (share / FIRST_PHASE_END);
  else if (share <= SECOND_PHASE_END)
    done = weights.initial + weights.middle * ((share - FIRST_PHASE_END) / (SECOND_PHASE_END - FIRST_PHASE_END));
  else done = weights.initial + weights.middle + weights.final * Math.min(1, (share - SECOND_PHASE_END) / (1 - SECOND_PHASE_END));
  return Math.min(PROGRESS_CAP_PERCENT, Math.round(done * 100));
}

/** What the estimate says in words: the message changes under 25, 50, 75 and 90 % (spec §4). */
export function estimateMessage(percent: number): ProgressMessage {
  if (percent < 25) return { key: 'analysisProgress.estimate.starting' };
  if (percent < 50) return { key: 'analysisProgress.estimate.gathering' };
  if (percent < 75) return { key: 'analysisProgress.estimate.analysing' };
  if (percent < 90) return { key: 'analysisProgress.estimate.concluding' };
  return { key: 'analysisProgress.estimate.finishing' };
}

/** Running while the card waits; completed when the result came; timed out once 120 s passed without it. */
export type ProgressPhase = 'running' | 'completed' | 'timed-out';

/** What the card knows of one analysis it waits on. */
export interface AnalysisProgress {
  type: AnalysisType;
  startedAtMs: number;
  estimatedDurationMs: number;
  phase: ProgressPhase;
  /** The percentage shown: never lower than any shown before. */
  percent: number;
  message: ProgressMessage;
  /** The step the server last reported, and when; null until it reports one. */
  stage: AnalysisStage | null;
  stageAt: string | null;
  /** Polls in a row that brought nothing new (no new step, no new report time). */
  unchangedPolls: number;
  /** Whether any poll has answered yet: the first answer is news, not an unchanged poll. */
  polled: boolean;
}

/** What happens to a waiting card: time passes, a poll answers, or the result arrives. */
export type ProgressEvent =
  | { kind: 'tick'; nowMs: number }
  | { kind: 'polled'; nowMs: number; stage: AnalysisStage | null; stageAt: string | null }
  | { kind: 'completed'; nowMs: number };

/** A card for an analysis just started, at 0 % with the first message. */
export function startProgress(
  type: AnalysisType,
  startedAtMs: number,
  estimatedDurationMs: number = DEFAULT_ANALYSIS_ESTIMATE_MS,
): AnalysisProgress {
  return {
    type,
    startedAtMs,
    estimatedDurationMs,
    phase: 'running',
    percent: 0,
    message: estimateMessage(0),
    stage: null,
    stageAt: null,
    unchangedPolls: 0,
    polled: false,
  };
}

/** Slow (spec §4): past 90 s, and more than 5 polls in a row brought nothing new. */
export const isSlow = (progress: AnalysisProgress, elapsedMs: number) =>
  elapsedMs >= ANALYSIS_STALL_AFTER_MS && progress.unchangedPolls > ANALYSIS_STALL_POLLS;

/** Whole minutes waited, for the timeout text; at least one. */
const minutesWaited = (elapsedMs: number) => Math.max(1, Math.round(elapsedMs / 60_000));

/**
 * The card after an event. Once completed or timed out it no longer changes. The server's step, when it has
 * reported one, replaces the estimate's words; a slow analysis says so instead, since the step it shows is not moving.
 */
export function advanceProgress(progress: AnalysisProgress, event: ProgressEvent): AnalysisProgress {
  if (progress.phase !== 'running') return progress;
  if (event.kind === 'completed') return { ...progress, phase: 'completed', percent: 100, message: { key: 'analysisProgress.completed' } };

  let next = progress;
  if (event.kind === 'polled') {
    const unchanged = progress.polled && event.stage === progress.stage && event.stageAt === progress.stageAt;
    next = {
      ...progress,
      polled: true,
      stage: event.stage ?? progress.stage,
      stageAt: event.stageAt ?? progress.stageAt,
      unchangedPolls: unchanged ? progress.unchangedPolls + 1 : 0,
    };
  }

  const elapsedMs = event.nowMs - next.startedAtMs;
  const slow = isSlow(next, elapsedMs);
  const estimate = estimatedPercent(next.type, elapsedMs, next.estimatedDurationMs);
  const percent = Math.max(next.percent, slow ? Math.max(estimate, SLOW_ANALYSIS_FLOOR_PERCENT) : estimate);

  if (elapsedMs >= ANALYSIS_TIMEOUT_MS) {
    return {
      ...next,
      phase: 'timed-out',
      percent,
      message: { key: 'analysisProgress.timedOut', params: { count: minutesWaited(elapsedMs) } },
    };
  }
  const message: ProgressMessage = slow
    ? { key: 'analysisProgress.slow' }
    : next.stage
      ? { key: `analysisProgress.stages.${next.stage}` }
      : estimateMessage(percent);
  return { ...next, percent, message };
}
