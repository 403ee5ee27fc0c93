import type { FieldPixels } from '@murimi/earth';
// The pure zoning modules only: the worker thread that runs `seasonZones` must not load the COG reader (geotiff's
// web-worker shim takes over any worker thread it is loaded in).
import { managementZones, medianComposite, type FieldPixelWindow, type ManagementZones } from '@murimi/earth/zones';

/** One usable (≥ 80 % clear) image of the field with its NDVI per pixel. */
export interface SeasonImage {
  /** YYYY-MM-DD. */
  date: string;
  sceneId: string;
  /** Share of the field that was clear, 0–1: of two tiles of one pass, the clearer one is kept. */
  clearFraction: number;
  pixels: FieldPixels;
}

/** The season's NDVI composite of a field on one scene grid, and the images it was made from. */
export interface SeasonComposite {
  /** The per-pixel median NDVI of the images on the field's window; coverage fractions from the latest image. */
  window: FieldPixelWindow;
  /** The images used, oldest first, one per date. */
  dates: string[];
  sceneIds: string[];
  /** Dates with a usable image on another grid only (another UTM zone or pixel layout): not in the composite. */
  datesOnOtherGrid: string[];
}

/**
 * Where a window lies on the ground: its zone, pixel size and the UTM position of its corner, and its size. Two tiles
 * of one UTM zone share the 10 m lattice, so a field on their overlap has the same pixels in either.
 */
function placeOf(pixels: FieldPixels): string {
  const { grid } = pixels;
  const left = grid.originX + pixels.column * grid.pixelSizeM;
  const top = grid.originY - pixels.row * grid.pixelSizeM;
  return `${grid.epsg}/${grid.pixelSizeM}/${left.toFixed(2)}/${top.toFixed(2)}/${pixels.width}x${pixels.height}`;
}

/**
 * The per-pixel median of a season's usable images, all on one grid: a median is only meaningful pixel by pixel, so
 * images of the field on another grid (a scene of the neighbouring UTM zone) are left out and counted. The grid with
 * the most dates wins (on a tie, the one holding the latest date); a date seen twice on it (two overlapping tiles of
 * one pass) counts once, with its clearer image. Null when there is no image.
 */
export function seasonComposite(images: readonly SeasonImage[]): SeasonComposite | null {
  const byPlace = new Map<string, Map<string, SeasonImage>>();
  for (const image of images) {
    const place = placeOf(image.pixels);
    let byDate = byPlace.get(place);
    if (!byDate) byPlace.set(place, (byDate = new Map()));
    const seen = byDate.get(image.date);
    if (!seen || image.clearFraction > seen.clearFraction) byDate.set(image.date, image);
  }
  let chosen: SeasonImage[] | null = null;
  for (const byDate of byPlace.values()) {
    const candidate = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
    if (!chosen || candidate.length > chosen.length || (candidate.length === chosen.length && candidate.at(-1)!.date > chosen.at(-1)!.date))
      chosen = candidate;
  }
  if (!chosen) return null;
  const used = new Set(chosen.map((image) => image.date));
  const latest = chosen.at(-1)!.pixels;
  return {
    window: {
      grid: latest.grid,
      column: latest.column,
      row: latest.row,
      width: latest.width,
      height: latest.height,
      values: medianComposite(chosen.map((image) => image.pixels.values)),
      fractions: latest.fractions,
    },
    dates: chosen.map((image) => image.date),
    sceneIds: chosen.map((image) => image.sceneId),
    datesOnOtherGrid: [...new Set(images.map((image) => image.date))].filter((date) => !used.has(date)).sort(),
  };
}

/** A season's composite and its management zones; `zones` is null without an image or without one pixel of value. */
export interface SeasonZones {
  composite: SeasonComposite | null;
  zones: ManagementZones | null;
}

/**
 * The composite of a season's usable images and its `managementZones` in `zoneCount` classes. For a 500 ha field this
 * is a few hundred milliseconds of arithmetic in one piece, so the server runs it on a worker thread (`zonesOfSeason`).
 */
export function seasonZones(images: readonly SeasonImage[], zoneCount: number): SeasonZones {
  const composite = seasonComposite(images);
  const hasValue = composite?.window.values.some((value, i) => Number.isFinite(value) && composite.window.fractions[i]! > 0);
  const zones = composite && hasValue ? managementZones(composite.window, { zoneCount }) : null;
  return { composite, zones };
}
