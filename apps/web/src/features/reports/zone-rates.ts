/**
 * The rates of a variable-rate prescription, one per management zone (kg/ha of product, zone 1 = lowest NDVI
 * first), as a farmer types them: checked here before the server is asked, with the server's own limits.
 */

/** The server's upper limit for a rate (zones.routes.ts). */
export const MAX_RATE_KG_PER_HA = 1000;

/**
 * Zone colours, lowest NDVI first: a sequential yellow-to-green ramp (ColorBrewer YlGn, 5 classes) that reads in
 * order for colour-blind eyes; the legend names each zone as well, so colour is never the only cue.
 */
const ZONE_RAMP = ['#ffffcc', '#c2e699', '#78c679', '#31a354', '#006837'];

/** The colour of zone `zone` (1-based) among `zoneCount` zones: spread over the ramp so 3 zones are not 3 near-yellows. */
export function zoneColour(zone: number, zoneCount: number): string {
  if (zoneCount <= 1) return ZONE_RAMP[ZONE_RAMP.length - 1]!;
  const step = (ZONE_RAMP.length - 1) / (zoneCount - 1);
  return ZONE_RAMP[Math.round((zone - 1) * step)]!;
}

export type RateCheck = { ok: true; ratesKgPerHa: number[] } | { ok: false; errors: (string | null)[] };

/** The typed rates as numbers, or for each zone what is wrong with its entry (null where it is fine). */
export function checkZoneRates(entries: readonly string[]): RateCheck {
  const rates: number[] = [];
  const errors = entries.map((entry): string | null => {
    const text = entry.trim().replace(',', '.');
    if (text === '') return 'Enter a rate in kg/ha.';
    const rate = Number(text);
    if (!Number.isFinite(rate)) return 'A rate is a number of kg/ha.';
    if (rate < 0) return 'A rate cannot be negative.';
    if (rate > MAX_RATE_KG_PER_HA) return `A rate is at most ${MAX_RATE_KG_PER_HA} kg/ha.`;
    rates.push(rate);
    return null;
  });
  return errors.every((error) => error === null) ? { ok: true, ratesKgPerHa: rates } : { ok: false, errors };
}

/**
 * The rates to start from: the advised rate of the next fertilizer application in every zone (the farmer then
 * moves zones up or down), or empty boxes when there is no advice to start from.
 */
export function startingRates(zoneCount: number, advisedKgPerHa: number | null): string[] {
  const start = advisedKgPerHa === null ? '' : String(Math.round(advisedKgPerHa));
  return Array.from({ length: zoneCount }, () => start);
}

/** Product for the whole field, kg: each zone's rate × its area (ha). Zones without a valid rate count as 0. */
export function prescriptionTotalKg(zones: readonly { zone: number; areaHa: number }[], entries: readonly string[]): number {
  return zones.reduce((sum, { zone, areaHa }) => {
    const rate = Number((entries[zone - 1] ?? '').trim().replace(',', '.'));
    return sum + (Number.isFinite(rate) && rate > 0 ? rate * areaHa : 0);
  }, 0);
}
