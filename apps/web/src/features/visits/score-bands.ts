/** How a visit score reads at a glance: 60 and over first (red), 30–59 this week (amber), below 30 can wait (green). */
export type ScoreBand = 'high' | 'medium' | 'low';

export const scoreBand = (score: number): ScoreBand => (score >= 60 ? 'high' : score >= 30 ? 'medium' : 'low');

/** Colours with white text at WCAG AA contrast (red-700, amber-700, green-700). */
export const SCORE_BAND_COLOURS: Record<ScoreBand, string> = { high: '#b91c1c', medium: '#b45309', low: '#15803d' };
