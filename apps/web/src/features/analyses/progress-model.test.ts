import type { AnalysisStage, AnalysisType } from '@murimi/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from '../../lib/i18n.ts';
import { ANALYSIS_POLL_MS } from './api/analyses.ts';
import {
  advanceProgress,
  estimatedPercent,
  estimateMessage,
  startProgress,
  type AnalysisProgress,
  type ProgressMessage,
} from './progress-model.ts';

/** The English a person reads for a message. */
const text = (message: ProgressMessage) =>
  i18next.t(message.key, { ns: 'app', ...('params' in message ? message.params : {}) } as never) as unknown as string;

/** A card for an analysis of `type` started now, with the spec's default 90 s estimate. */
const started = (type: AnalysisType) => startProgress(type, Date.now());

/** Lets `ms` pass on the fake clock and tells the card. */
function wait(progress: AnalysisProgress, ms: number): AnalysisProgress {
  vi.advanceTimersByTime(ms);
  return advanceProgress(progress, { kind: 'tick', nowMs: Date.now() });
}

/** Lets one poll interval pass, then tells the card what the poll answered. */
function poll(progress: AnalysisProgress, stage: AnalysisStage | null = null, stageAt: string | null = null): AnalysisProgress {
  vi.advanceTimersByTime(ANALYSIS_POLL_MS);
  return advanceProgress(progress, { kind: 'polled', nowMs: Date.now(), stage, stageAt });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-15T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('the progress estimate of spec §4', () => {
  it('shows a health analysis at 30 % when 30 % of the expected 90 s have passed', () => {
    expect(wait(started('health'), 27_000).percent).toBe(30);
  });

  it('fills each phase with its weight: yield reaches 20 % at 30 % of the time and 80 % at 80 % of it', () => {
    const at = (ms: number) => estimatedPercent('yield', ms, 100_000);
    expect(at(0)).toBe(0);
    expect(at(15_000)).toBe(10); // halfway through the first phase: half of its 0.2
    expect(at(30_000)).toBe(20);
    expect(at(55_000)).toBe(50); // halfway through the middle phase: 0.2 + 0.3
    expect(at(80_000)).toBe(80);
    expect(at(90_000)).toBe(90);
  });

  it('gives each analysis its own weights at the first phase boundary', () => {
    expect(estimatedPercent('health', 30_000, 100_000)).toBe(30);
    expect(estimatedPercent('yield', 30_000, 100_000)).toBe(20);
    expect(estimatedPercent('fertilizer', 30_000, 100_000)).toBe(40);
    expect(estimatedPercent('irrigation', 30_000, 100_000)).toBe(30);
    expect(estimatedPercent('irrigation', 80_000, 100_000)).toBe(70);
  });

  it('stops at 95 % until the result is there, then shows 100 %', () => {
    let progress = wait(started('irrigation'), 89_000);
    expect(progress.percent).toBe(95);
    progress = wait(progress, 20_000);
    expect(progress.percent).toBe(95);
    progress = advanceProgress(progress, { kind: 'completed', nowMs: Date.now() });
    expect(progress).toMatchObject({ phase: 'completed', percent: 100 });
    expect(text(progress.message)).toBe('Analysis complete.');
  });

  it('changes its words under 25, 50, 75 and 90 %', () => {
    const keys = [0, 24, 25, 49, 50, 74, 75, 89, 90, 95].map((percent) => estimateMessage(percent).key.split('.').pop());
    expect(keys).toEqual([
      'starting',
      'starting',
      'gathering',
      'gathering',
      'analysing',
      'analysing',
      'concluding',
      'concluding',
      'finishing',
      'finishing',
    ]);
    // Health over 90 s: 24 % at 21.6 s, 25 % at 22.5 s.
    const before = wait(started('health'), 21_600);
    expect(before.percent).toBe(24);
    expect(text(before.message)).toBe('Getting your field ready for the analysis…');
    expect(text(wait(before, 900).message)).toBe('Gathering satellite images and weather for your field…');
  });
});

describe('a slow analysis', () => {
  it('says so, at 85 % or more, once 90 s have passed with more than 5 unchanged polls', () => {
    // A long estimate, so that the time alone would show well under 85 %.
    let progress = startProgress('yield', Date.now(), 300_000);
    for (let i = 0; i < 17; i++) progress = poll(progress);
    // 85 s: 16 unchanged polls, but not yet 90 s.
    expect(progress.unchangedPolls).toBe(16);
    expect(progress.percent).toBe(19);
    expect(progress.message.key).not.toBe('analysisProgress.slow');
    progress = poll(progress); // 90 s
    expect(progress.percent).toBe(85);
    expect(text(progress.message)).toMatch(/^This is taking longer than usual/);
  });

  it('is not slow past 90 s while the polls keep bringing news', () => {
    let progress = startProgress('yield', Date.now(), 300_000);
    for (let i = 0; i < 19; i++) progress = poll(progress, 'reading-imagery', new Date(Date.now()).toISOString());
    expect(Date.now() - progress.startedAtMs).toBe(95_000);
    expect(progress.unchangedPolls).toBe(0);
    expect(progress.percent).toBeLessThan(85);
    expect(progress.message.key).toBe('analysisProgress.stages.reading-imagery');
  });

  it('needs more than 5 unchanged polls: 5 are not enough', () => {
    let progress = wait(startProgress('yield', Date.now(), 300_000), 65_000);
    for (let i = 0; i < 6; i++) progress = poll(progress); // the first answer is news; 5 unchanged after it, at 95 s
    expect(progress.unchangedPolls).toBe(5);
    expect(progress.message.key).not.toBe('analysisProgress.slow');
    progress = poll(progress);
    expect(progress.message.key).toBe('analysisProgress.slow');
  });
});

describe('the hard timeout', () => {
  it('gives up at 120 s with the spec’s text, and no later event changes the card', () => {
    let progress = wait(started('health'), 119_000);
    expect(progress.phase).toBe('running');
    progress = wait(progress, 1_000);
    expect(progress.phase).toBe('timed-out');
    expect(text(progress.message)).toBe(
      'The analysis is taking longer than expected (2 minutes), most likely because the server is busy. Refresh the page and check the field’s details, or try again in a few minutes.',
    );
    expect(advanceProgress(progress, { kind: 'completed', nowMs: Date.now() })).toBe(progress);
  });
});

describe('the server’s own step', () => {
  it('is said in plain words in place of the estimate', () => {
    const words: Record<AnalysisStage, string> = {
      'loading-field': 'Loading your field’s boundary and crop…',
      'searching-imagery': 'Finding satellite images of your field…',
      'reading-imagery': 'Reading the satellite images of your field…',
      'reading-weather': 'Reading the weather at your field…',
      computing: 'Computing the results…',
    };
    for (const [stage, sentence] of Object.entries(words)) {
      const progress = poll(started('health'), stage as AnalysisStage, new Date().toISOString());
      expect(text(progress.message)).toBe(sentence);
    }
  });

  it('never takes the bar backwards, even when the floor of a slow analysis lifts', () => {
    let progress = startProgress('yield', Date.now(), 300_000);
    for (let i = 0; i < 18; i++) progress = poll(progress);
    expect(progress.percent).toBe(85);
    // The server reports a step: the polls are news again, so the analysis is no longer slow; the estimate is ~45 %.
    progress = poll(progress, 'computing', new Date().toISOString());
    expect(progress.unchangedPolls).toBe(0);
    expect(estimatedPercent('yield', Date.now() - progress.startedAtMs, 300_000)).toBeLessThan(50);
    expect(progress.percent).toBe(85);
    expect(text(progress.message)).toBe('Computing the results…');
  });
});
