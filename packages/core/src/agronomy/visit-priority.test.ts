import { describe, expect, it } from 'vitest';
import { VISIT_GAP_FULL_DAYS, visitPriority, type VisitPriorityFacts } from './visit-priority.ts';

const calm: VisitPriorityFacts = {
  ndviChangePerWeek: 0.01,
  water: { kind: 'none' },
  pestAlerts: { critical: 0, warning: 0, info: 0 },
  unresolvedAlerts: 0,
  daysSinceVisit: 0,
};
const points = (facts: Partial<VisitPriorityFacts>) =>
  Object.fromEntries(visitPriority({ ...calm, ...facts }).parts.map((part) => [part.part, part.points]));

describe('visit priority', () => {
  it('gives a calm field visited today nothing', () => {
    expect(visitPriority(calm).score).toBe(0);
  });

  it('scores NDVI decline only once it is a trend, in proportion up to 0.06 a week', () => {
    expect(points({ ndviChangePerWeek: -0.019 }).ndviDecline).toBe(0);
    expect(points({ ndviChangePerWeek: -0.03 }).ndviDecline).toBe(12.5);
    expect(points({ ndviChangePerWeek: -0.2 }).ndviDecline).toBe(25);
    expect(points({ ndviChangePerWeek: null }).ndviDecline).toBe(0);
  });

  it('scores water stress now in full, within a week or a dry canopy by half, later not at all', () => {
    expect(points({ water: { kind: 'now' } }).waterStress).toBe(20);
    expect(points({ water: { kind: 'soon', days: 7 } }).waterStress).toBe(10);
    expect(points({ water: { kind: 'soon', days: 8 } }).waterStress).toBe(0);
    expect(points({ water: { kind: 'canopy-dry' } }).waterStress).toBe(10);
    expect(points({ water: { kind: 'unknown' } }).waterStress).toBe(0);
  });

  it('scores pests by the worst open alert, and open alerts up to three', () => {
    expect(points({ pestAlerts: { critical: 0, warning: 0, info: 2 } }).pestAndDisease).toBe(5);
    expect(points({ pestAlerts: { critical: 0, warning: 1, info: 0 } }).pestAndDisease).toBe(10);
    expect(points({ pestAlerts: { critical: 1, warning: 0, info: 0 } }).pestAndDisease).toBe(20);
    expect(points({ unresolvedAlerts: 1 }).unresolvedAlerts).toBe(5);
    expect(points({ unresolvedAlerts: 9 }).unresolvedAlerts).toBe(15);
  });

  it('counts days without a visit up to four weeks, and a field never visited in full', () => {
    expect(points({ daysSinceVisit: 14 }).daysSinceVisit).toBe(10);
    expect(points({ daysSinceVisit: VISIT_GAP_FULL_DAYS * 3 }).daysSinceVisit).toBe(20);
    expect(points({ daysSinceVisit: null }).daysSinceVisit).toBe(20);
  });

  it('adds up to 100 when everything is wrong', () => {
    const worst = visitPriority({
      ndviChangePerWeek: -0.1,
      water: { kind: 'now' },
      pestAlerts: { critical: 1, warning: 0, info: 0 },
      unresolvedAlerts: 5,
      daysSinceVisit: null,
    });
    expect(worst.score).toBe(100);
  });
});
