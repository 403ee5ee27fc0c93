import type { ViewingGeometry } from './biophysical-network.ts';

/**
 * A scene's mean sun and view angles from its granule metadata (Sentinel-2 `MTD_TL.xml`, Earth Search's
 * `granule_metadata` asset; ESA L1C/L2A product specification, `Tile_Angles`): `Mean_Sun_Angle` and the
 * per-band `Mean_Viewing_Incidence_Angle` entries, averaged over the bands (azimuths as directions). The item's
 * own properties give the sun but not the view, which the biophysical network needs (science brief §2.1: a
 * granule mean is enough).
 *
 * Null when the document lacks either; the caller then uses the empirical LAI.
 */
export function viewingGeometryFromGranuleMetadata(xml: string): ViewingGeometry | null {
  const sun = /<Mean_Sun_Angle>([\s\S]*?)<\/Mean_Sun_Angle>/.exec(xml);
  const sunAngles = sun ? anglesIn(sun[1]!) : null;
  const views = [...xml.matchAll(/<Mean_Viewing_Incidence_Angle\b[^>]*>([\s\S]*?)<\/Mean_Viewing_Incidence_Angle>/g)]
    .map((match) => anglesIn(match[1]!))
    .filter((angles) => angles !== null);
  if (!sunAngles || views.length === 0) return null;
  return {
    sunZenithDeg: sunAngles.zenithDeg,
    sunAzimuthDeg: sunAngles.azimuthDeg,
    viewZenithDeg: views.reduce((sum, view) => sum + view.zenithDeg, 0) / views.length,
    viewAzimuthDeg: meanDirectionDeg(views.map((view) => view.azimuthDeg)),
  };
}

function anglesIn(fragment: string): { zenithDeg: number; azimuthDeg: number } | null {
  const value = (tag: string) => Number(new RegExp(`<${tag}\\b[^>]*>\\s*([-+0-9.eE]+)\\s*</${tag}>`).exec(fragment)?.[1]);
  const zenithDeg = value('ZENITH_ANGLE');
  const azimuthDeg = value('AZIMUTH_ANGLE');
  return Number.isFinite(zenithDeg) && Number.isFinite(azimuthDeg) ? { zenithDeg, azimuthDeg } : null;
}

/** The mean of directions in degrees (359° and 1° average to 0°, not 180°), in [0, 360). */
function meanDirectionDeg(degrees: number[]): number {
  const radians = degrees.map((d) => (d * Math.PI) / 180);
  const mean = Math.atan2(
    radians.reduce((sum, r) => sum + Math.sin(r), 0),
    radians.reduce((sum, r) => sum + Math.cos(r), 0),
  );
  return ((((mean * 180) / Math.PI) % 360) + 360) % 360;
}
