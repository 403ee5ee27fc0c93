import type { FieldScene } from '@murimi/core';

/**
 * Which scene of the season the map shows: the latest usable one at first, the next usable one on either side when
 * the farmer steps, and the same day again when the index changes. Unusable scenes (cloud, shadow, outside the
 * scene) stay on the strip so the gaps can be seen, but stepping passes over them.
 */

export type { FieldScene };

/** Reasons the map can still draw a scene for (mostly grey): the field's pixels were read. */
const DRAWABLE_UNUSABLE = new Set(['too-cloudy', 'partly-outside-scene', 'reflectance-suspect', 'no-valid-pixels']);

/** Whether the server can draw this scene over the field (usable, or read but clouded). */
export const canDrawScene = (scene: FieldScene) => scene.usable || (scene.reason !== null && DRAWABLE_UNUSABLE.has(scene.reason));

/**
 * The scene to open with: the latest usable one; when none is usable, the latest that can still be drawn (so the
 * cloud itself shows); null for an empty season or one with nothing to draw. `scenes` are in date order.
 */
export function defaultSceneIndex(scenes: readonly FieldScene[]): number | null {
  const usable = scenes.findLastIndex((scene) => scene.usable);
  if (usable >= 0) return usable;
  const drawable = scenes.findLastIndex(canDrawScene);
  return drawable >= 0 ? drawable : null;
}

/** The next usable scene after (`direction` 1) or before (−1) `from`; null when there is none that way. */
export function stepToUsable(scenes: readonly FieldScene[], from: number, direction: 1 | -1): number | null {
  for (let i = from + direction; i >= 0 && i < scenes.length; i += direction) {
    if (scenes[i]!.usable) return i;
  }
  return null;
}

/**
 * The scene to show after the list changed (another index, a refresh): the one with the same id if it is still
 * there, else the default.
 */
export function keepSceneChoice(scenes: readonly FieldScene[], sceneId: string | null): number | null {
  if (sceneId !== null) {
    const same = scenes.findIndex((scene) => scene.sceneId === sceneId);
    if (same >= 0) return same;
  }
  return defaultSceneIndex(scenes);
}

/** The reasons the strip explains in words; any other reason reads as "could not be read". */
export const sceneReasons = [
  'too-cloudy',
  'partly-outside-scene',
  'outside-scene',
  'reflectance-suspect',
  'no-valid-pixels',
  'unreadable',
] as const;
export type SceneReason = (typeof sceneReasons)[number] | 'other';

/** The reason of an unusable scene as one of the worded reasons; null for a usable scene. */
export function sceneReason(scene: Pick<FieldScene, 'usable' | 'reason'>): SceneReason | null {
  if (scene.usable) return null;
  return (sceneReasons as readonly string[]).includes(scene.reason ?? '') ? (scene.reason as SceneReason) : 'other';
}

/** Clear share as a whole percent, or null when the scene could not be read. */
export const clearPercent = (scene: Pick<FieldScene, 'clearShare'>) =>
  scene.clearShare === null ? null : Math.round(scene.clearShare * 100);
