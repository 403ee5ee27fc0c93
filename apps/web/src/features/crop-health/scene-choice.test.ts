import { describe, expect, it } from 'vitest';
import { clearPercent, defaultSceneIndex, keepSceneChoice, sceneReason, stepToUsable, type FieldScene } from './scene-choice.ts';

const scene = (
  date: string,
  usable: boolean,
  reason: string | null = usable ? null : 'too-cloudy',
  clearShare: number | null = 0.9,
): FieldScene => ({
  date,
  datetime: `${date}T08:00:00Z`,
  sceneId: `S2_${date}`,
  source: 'simulated',
  sceneCloudCoverPct: 10,
  clearShare,
  usable,
  reason,
  mean: usable ? 0.6 : null,
  p10: usable ? 0.5 : null,
  p90: usable ? 0.7 : null,
  simulated: true,
});

describe('choosing the scene the map shows', () => {
  it('opens on the latest usable scene, passing over later cloudy ones', () => {
    const scenes = [scene('2026-01-01', true), scene('2026-01-06', true), scene('2026-01-11', false), scene('2026-01-16', false)];
    expect(defaultSceneIndex(scenes)).toBe(1);
  });

  it('opens on the latest drawable scene when none is usable, and on nothing when none can be drawn', () => {
    expect(defaultSceneIndex([scene('2026-01-01', false), scene('2026-01-06', false, 'outside-scene', 0)])).toBe(0);
    expect(defaultSceneIndex([scene('2026-01-06', false, 'outside-scene', 0), scene('2026-01-11', false, 'unreadable', null)])).toBeNull();
    expect(defaultSceneIndex([])).toBeNull();
  });

  it('steps to the next or previous usable scene, skipping unusable ones, and stops at the ends', () => {
    const scenes = [scene('2026-01-01', true), scene('2026-01-06', false), scene('2026-01-11', false), scene('2026-01-16', true)];
    expect(stepToUsable(scenes, 0, 1)).toBe(3);
    expect(stepToUsable(scenes, 3, -1)).toBe(0);
    expect(stepToUsable(scenes, 3, 1)).toBeNull();
    expect(stepToUsable(scenes, 0, -1)).toBeNull();
    // From an unusable scene (chosen on the strip) the steps still land on usable ones.
    expect(stepToUsable(scenes, 1, -1)).toBe(0);
    expect(stepToUsable(scenes, 2, 1)).toBe(3);
  });

  it('keeps the same scene when the list changes (another index), else falls back to the default', () => {
    const scenes = [scene('2026-01-01', true), scene('2026-01-06', true), scene('2026-01-11', false)];
    expect(keepSceneChoice(scenes, 'S2_2026-01-01')).toBe(0);
    expect(keepSceneChoice(scenes, 'S2_gone')).toBe(1);
    expect(keepSceneChoice(scenes, null)).toBe(1);
  });

  it('names why a scene is not used, with unknown reasons as "other", and its clear share in percent', () => {
    expect(sceneReason(scene('2026-01-01', true))).toBeNull();
    expect(sceneReason(scene('2026-01-01', false, 'partly-outside-scene'))).toBe('partly-outside-scene');
    expect(sceneReason(scene('2026-01-01', false, 'something-new'))).toBe('other');
    expect(clearPercent(scene('2026-01-01', true, null, 0.456))).toBe(46);
    expect(clearPercent(scene('2026-01-01', false, 'unreadable', null))).toBeNull();
  });
});
