/**
 * Which fields most need a visit: a score out of 100 made of five stated parts, each with its own ceiling, so an
 * agronomist can see why a field is near the top and disagree with a part rather than with a number.
 *
 * The weights are a judgement, not a fitted model: crop decline seen from space and water stress first (they cost
 * yield within days), pests and diseases as the alert rules judge them, alerts nobody has dealt with, and time since
 * anyone walked the field (a field not seen for a month is a gap whatever the satellite says).
 */
export const VISIT_PRIORITY_POINTS = {
  ndviDecline: 25,
  waterStress: 20,
  pestAndDisease: 20,
  unresolvedAlerts: 15,
  daysSinceVisit: 20,
} as const;
export type VisitPriorityPart = keyof typeof VISIT_PRIORITY_POINTS;

/**
 * NDVI falling this fast over the last clear images scores the whole part. The health analysis calls a change of
 * 0.02 NDVI/week a trend (about twice the image-to-image scatter of a clear Sentinel-2 field mean); 0.06/week is a
 * crop losing a healthy canopy (NDVI ≈ 0.7) to stressed (≈ 0.4) in five weeks, far faster than senescence.
 */
export const NDVI_DECLINE_FULL_PER_WEEK = 0.06;
/** The trend the health analysis calls declining: below it, no points. */
export const NDVI_DECLINE_FROM_PER_WEEK = 0.02;
/**
 * Days without a visit that score the whole part. A ward's extension officer serves several hundred households and
 * reaches a field about monthly in season; fall armyworm scouting guidance asks for weekly walks by the farmer, so a
 * month unseen by anyone is the gap this part measures.
 */
export const VISIT_GAP_FULL_DAYS = 28;
/** Open alerts that score the whole "unresolved alerts" part. */
export const UNRESOLVED_ALERTS_FULL = 3;
/** Water stress expected within this many days scores half the part (today or overdue scores it all). */
export const WATER_STRESS_SOON_DAYS = 7;

export type WaterStressSeen =
  | { kind: 'now' }
  | { kind: 'soon'; days: number }
  /** The latest image's NDWI is below the stress line, with no water balance saying more. */
  | { kind: 'canopy-dry' }
  | { kind: 'none' }
  | { kind: 'unknown' };

export interface VisitPriorityFacts {
  /** NDVI change per week over the latest clear images; null when there are not enough. */
  ndviChangePerWeek: number | null;
  water: WaterStressSeen;
  /** Open pest and disease alerts by severity. */
  pestAlerts: { critical: number; warning: number; info: number };
  /** Every open alert of the field (weather, crop, pest) nobody resolved. */
  unresolvedAlerts: number;
  /** Days since the latest visit; null when it was never visited. */
  daysSinceVisit: number | null;
}

export interface VisitPriorityPartScore {
  part: VisitPriorityPart;
  points: number;
  maxPoints: number;
}

export interface VisitPriority {
  /** 0–100, the sum of the parts, rounded. */
  score: number;
  parts: VisitPriorityPartScore[];
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function shares(facts: VisitPriorityFacts): Record<VisitPriorityPart, number> {
  const decline = facts.ndviChangePerWeek === null ? 0 : -facts.ndviChangePerWeek;
  const water = facts.water;
  const pests = facts.pestAlerts;
  return {
    // In proportion to the fall, once it is a trend at all.
    ndviDecline: decline < NDVI_DECLINE_FROM_PER_WEEK ? 0 : clamp01(decline / NDVI_DECLINE_FULL_PER_WEEK),
    waterStress:
      water.kind === 'now'
        ? 1
        : water.kind === 'soon'
          ? water.days <= WATER_STRESS_SOON_DAYS
            ? 0.5
            : 0
          : water.kind === 'canopy-dry'
            ? 0.5
            : 0,
    // A critical pest or disease alert is a visit due now; a warning half of it; an early notice a quarter.
    pestAndDisease: pests.critical > 0 ? 1 : pests.warning > 0 ? 0.5 : pests.info > 0 ? 0.25 : 0,
    unresolvedAlerts: clamp01(facts.unresolvedAlerts / UNRESOLVED_ALERTS_FULL),
    daysSinceVisit: facts.daysSinceVisit === null ? 1 : clamp01(facts.daysSinceVisit / VISIT_GAP_FULL_DAYS),
  };
}

/** The score and its parts, in the order of `VISIT_PRIORITY_POINTS`. */
export function visitPriority(facts: VisitPriorityFacts): VisitPriority {
  const share = shares(facts);
  const parts = (Object.keys(VISIT_PRIORITY_POINTS) as VisitPriorityPart[]).map((part) => ({
    part,
    points: Math.round(share[part] * VISIT_PRIORITY_POINTS[part] * 10) / 10,
    maxPoints: VISIT_PRIORITY_POINTS[part],
  }));
  return { score: Math.round(parts.reduce((sum, part) => sum + part.points, 0)), parts };
}
