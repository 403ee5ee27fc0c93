/**
 * The physical model behind the demo imagery: what a Sentinel-2 L2A scene of a site would hold on one date.
 *
 * Each 10 m pixel's fractional green cover comes from its crop's phenology curve (bare soil and sparse grass
 * outside the fields); its reflectance in every band is a linear mix of a green-canopy spectrum and a bare-soil
 * spectrum weighted by that cover (the linear spectral mixture model). Inside each field a stressed patch carries
 * less cover and drier leaves. Clouds (SCL 8 and 9, bright) and their shadows (SCL 3, dark) cover parts of the
 * scene on some dates; elsewhere SCL is 4 (vegetation) or 5 (not vegetated). Everything random is seeded, so a
 * seed gives the same scenes on every machine.
 *
 * The spectra and rates are illustrative typical values chosen to give plausible index ranges (NDVI about 0.2 for
 * bare soil and 0.8 for a closed canopy); they are not measurements of any place.
 */
import type { LngLat } from '@murimi/core';
import { fieldOnGrid } from '../geometry/scene-grid.ts';
import { sentinel2BandNames, type Sentinel2BandName } from '../stac/sources.ts';
import type { BandRaster } from './cog-writer.ts';
import { greenCoverFraction, phenologyCurve, type PhenologyCurve } from './crop-phenology.ts';
import { utmProjection, type DemoSite } from './demo-sites.ts';
import { keyOf, randomSequence, uniform } from './seeded-noise.ts';

export type ReflectanceBand = Exclude<Sentinel2BandName, 'scl'>;
const reflectanceBands = sentinel2BandNames.filter((band): band is ReflectanceBand => band !== 'scl');

/** Native pixel size of each band in metres (science.md §1.1). */
export const BAND_PIXEL_M: Readonly<Record<Sentinel2BandName, 10 | 20>> = {
  blue: 10,
  green: 10,
  red: 10,
  rededge1: 20,
  rededge2: 20,
  rededge3: 20,
  nir: 10,
  nir08: 20,
  swir16: 20,
  swir22: 20,
  scl: 20,
};

/** Dry bare soil, a red-brown sandy loam of the plateau: reflectance rising from blue to SWIR (illustrative). */
export const BARE_SOIL_REFLECTANCE: Readonly<Record<ReflectanceBand, number>> = {
  blue: 0.08,
  green: 0.11,
  red: 0.15,
  rededge1: 0.17,
  rededge2: 0.19,
  rededge3: 0.2,
  nir: 0.22,
  nir08: 0.23,
  swir16: 0.3,
  swir22: 0.26,
};

/**
 * A closed green crop canopy (illustrative): chlorophyll absorbs blue and red, the red edge climbs to the NIR
 * plateau that leaf structure scatters, leaf water absorbs in the SWIR.
 */
export const GREEN_CANOPY_REFLECTANCE: Readonly<Record<ReflectanceBand, number>> = {
  blue: 0.03,
  green: 0.07,
  red: 0.03,
  rededge1: 0.1,
  rededge2: 0.28,
  rededge3: 0.38,
  nir: 0.45,
  nir08: 0.46,
  swir16: 0.2,
  swir22: 0.1,
};

/** Thick cumulus: bright and nearly flat from blue to NIR, a little darker in the SWIR (illustrative). */
const CLOUD_REFLECTANCE: Readonly<Record<ReflectanceBand, number>> = {
  blue: 0.5,
  green: 0.5,
  red: 0.5,
  rededge1: 0.51,
  rededge2: 0.52,
  rededge3: 0.52,
  nir: 0.53,
  nir08: 0.53,
  swir16: 0.42,
  swir22: 0.32,
};

/** Green cover between the fields: dry grass, shrubs and scattered trees (illustrative). */
const BACKGROUND_COVER = 0.3;
/** A stressed patch (a drought pocket, waterlogging, poor soil) carries this share of its field's green cover. */
const STRESSED_COVER_FACTOR = 0.55;
/** …and its leaves hold less water, so the canopy reflects more in the SWIR (Ceccato et al. 2001); illustrative. */
const STRESSED_CANOPY_SWIR_INCREASE: Partial<Record<ReflectanceBand, number>> = { swir16: 0.08, swir22: 0.06 };
/** A stressed patch's radius as a share of its field's equivalent radius: about a fifth of the field's area. */
const PATCH_RADIUS_SHARE = 0.45;
/** How far from the field's middle the patch sits, as a share of the equivalent radius. */
const PATCH_OFFSET_SHARE = 0.35;
/** Pixel-to-pixel variation of the stand (soil, plant count), ± this share of the cover. */
const STAND_VARIATION = 0.1;
/** Sensor and atmospheric-correction noise, ± this share of the reflectance per pixel and date. */
const SENSOR_NOISE = 0.02;
/** Sen2Cor calls a pixel vegetation from an NDVI test; 0.4 is an illustrative threshold. */
const SCL_VEGETATION_MIN_NDVI = 0.4;
/** Reflectance left in a cloud shadow: diffuse skylight only (illustrative). */
const SHADOW_BRIGHTNESS = 0.35;

/**
 * Rainy-season skies (November–March on the plateau), illustrative: the chance of each kind of date. The rest are
 * clear. Overcast dates end up over the search's cloud limit, as they do in Earth Search.
 */
const OVERCAST_CHANCE = 0.15;
const CLOUD_OVER_A_FIELD_CHANCE = 0.25;
const SCATTERED_CLOUD_CHANCE = 0.15;
/** How far a cloud over a field sits from the field's middle, as a share of the field's reach (also its radius). */
const CLOUD_OVER_FIELD_OFFSET_SHARE = 0.7;
/** The inner share of a cloud's radius that Sen2Cor would call high-probability cloud (SCL 9); the rim is SCL 8. */
const CLOUD_CORE_SHARE = 0.8;

/**
 * Shadows fall away from the sun: Sentinel-2 passes at 10:30 local solar time, when the rainy-season sun over
 * 14–18° S stands about 62° high in the east (azimuth ~95°); cumulus about 1 km up casts its shadow
 * 1000 m / tan 62° ≈ 530 m to the west. Fixed for the whole season (illustrative).
 */
export const SUN_ELEVATION_DEG = 62;
export const SUN_AZIMUTH_DEG = 95;
const CLOUD_HEIGHT_M = 1000;
const shadowDistanceM = CLOUD_HEIGHT_M / Math.tan((SUN_ELEVATION_DEG * Math.PI) / 180);
const shadowDirection = ((SUN_AZIMUTH_DEG + 180) * Math.PI) / 180;
const SHADOW_SHIFT_X_M = shadowDistanceM * Math.sin(shadowDirection);
const SHADOW_SHIFT_Y_M = shadowDistanceM * Math.cos(shadowDirection);

/** SCL classes written (science.md §1.4). */
const SCL = { cloudShadow: 3, vegetation: 4, notVegetated: 5, cloudMedium: 8, cloudHigh: 9 } as const;

/** What is above a pixel, in order of precedence (a cloud hides the shadow of another). */
const SKY_CLEAR = 0;
const SKY_SHADOW = 1;
const SKY_CLOUD_RIM = 2;
const SKY_CLOUD_CORE = 3;

/** Where a field's stressed patch is: a circle, and the share of the field's pixels inside it. */
export interface StressedPatch {
  fieldId: string;
  centre: LngLat;
  radiusM: number;
  shareOfField: number;
}

/** What stays the same on every date of a site: which field each pixel is in, the stressed patches, the stand. */
export interface SiteLayout {
  site: DemoSite;
  seed: number;
  curves: PhenologyCurve[];
  /** Planting day of each field, days since 1970-01-01. */
  plantingDays: number[];
  /** Per 10 m pixel: index of its field in `site.fields` (pixel centre inside), −1 between fields. */
  fieldAt: Int16Array;
  /** Per 10 m pixel: 1 in a stressed patch. */
  stressedAt: Uint8Array;
  /** Per 10 m pixel: how much denser or sparser than average the stand is (a factor on the cover). */
  standFactor: Float32Array;
  /** Per field: its middle in UTM metres and the distance from there to its farthest pixel centre. */
  fieldReach: { x: number; y: number; radiusM: number }[];
  patches: StressedPatch[];
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Lays out a site's fields and stressed patches on its 10 m grid. */
export function layOutSite(site: DemoSite, seed: number): SiteLayout {
  const grid = site.grid10m;
  const pixels = grid.width * grid.height;
  const fieldAt = new Int16Array(pixels).fill(-1);
  site.fields.forEach((field, k) => {
    const onGrid = fieldOnGrid(field.boundary, grid, 'centroid');
    if (!onGrid.inScene) throw new Error(`Field "${field.id}" lies outside its own site's scene.`);
    const { column, row, width, height, fractions } = onGrid.coverage;
    for (let r = 0; r < height; r++) {
      for (let c = 0; c < width; c++) if (fractions[r * width + c]! > 0) fieldAt[(row + r) * grid.width + column + c] = k;
    }
  });

  const centreX = (i: number) => grid.originX + ((i % grid.width) + 0.5) * grid.pixelSizeM;
  const centreY = (i: number) => grid.originY - (Math.floor(i / grid.width) + 0.5) * grid.pixelSizeM;
  const stressedAt = new Uint8Array(pixels);
  const fieldReach: SiteLayout['fieldReach'] = [];
  const patches: StressedPatch[] = [];
  site.fields.forEach((field, k) => {
    const members: number[] = [];
    for (let i = 0; i < pixels; i++) if (fieldAt[i] === k) members.push(i);
    if (members.length === 0) throw new Error(`Field "${field.id}" holds no 10 m pixel centre; it is too small to simulate.`);
    const x = members.reduce((sum, i) => sum + centreX(i), 0) / members.length;
    const y = members.reduce((sum, i) => sum + centreY(i), 0) / members.length;
    // A reduce, not Math.max(...): a large field has more pixels than a call may take arguments.
    const radiusM = members.reduce((farthest, i) => Math.max(farthest, Math.hypot(centreX(i) - x, centreY(i) - y)), 0);
    fieldReach.push({ x, y, radiusM });

    const equivalentRadiusM = Math.sqrt((members.length * grid.pixelSizeM ** 2) / Math.PI);
    const angle = 2 * Math.PI * uniform(seed, keyOf(field.id));
    let patchX = x + PATCH_OFFSET_SHARE * equivalentRadiusM * Math.cos(angle);
    let patchY = y + PATCH_OFFSET_SHARE * equivalentRadiusM * Math.sin(angle);
    const patchPixel =
      Math.floor((grid.originY - patchY) / grid.pixelSizeM) * grid.width + Math.floor((patchX - grid.originX) / grid.pixelSizeM);
    // An odd-shaped field may not hold the shifted point; its middle then carries the patch.
    if (fieldAt[patchPixel] !== k) [patchX, patchY] = [x, y];
    const patchRadiusM = PATCH_RADIUS_SHARE * equivalentRadiusM;
    let stressed = 0;
    for (const i of members) {
      if (Math.hypot(centreX(i) - patchX, centreY(i) - patchY) < patchRadiusM) {
        stressedAt[i] = 1;
        stressed += 1;
      }
    }
    const [lng, lat] = utmProjection(grid.epsg).inverse([patchX, patchY]) as LngLat;
    patches.push({ fieldId: field.id, centre: [lng, lat], radiusM: patchRadiusM, shareOfField: stressed / members.length });
  });

  const standFactor = new Float32Array(pixels);
  const siteKey = keyOf(site.id);
  for (let i = 0; i < pixels; i++) standFactor[i] = 1 + STAND_VARIATION * (2 * uniform(seed, siteKey, i) - 1);

  return {
    site,
    seed,
    curves: site.fields.map((field) => phenologyCurve(field.crop, field.peakCover)),
    plantingDays: site.fields.map((field) => dayNumber(field.plantingDate)),
    fieldAt,
    stressedAt,
    standFactor,
    fieldReach,
    patches,
  };
}

export type SkyKind = 'clear' | 'cloud-over-field' | 'scattered-cloud' | 'overcast';

interface Cloud {
  x: number;
  y: number;
  radiusM: number;
}

/** One simulated acquisition of a site. */
export interface DemoScene {
  sky: SkyKind;
  /**
   * Reflectance bands as Earth Search v1 serves them with the offset applied (DN = reflectance × 10,000, DN 0 no
   * data, at each band's native resolution); SCL classes at 20 m.
   */
  bands: Record<Sentinel2BandName, BandRaster>;
  /** Share of the scene's SCL pixels that are cloud (8 or 9), in per cent: the item's `eo:cloud_cover`. */
  cloudCoverPct: number;
  /** Per field id: the share of its 10 m pixels that SCL leaves clear (not cloud or shadow), 0–1. */
  clearShareByField: Record<string, number>;
}

/** The scene of a site on one date (YYYY-MM-DD). */
export function renderScene(layout: SiteLayout, date: string): DemoScene {
  const { grid10m } = layout.site;
  const width = grid10m.width;
  const height = grid10m.height;
  const pixels = width * height;
  const day = dayNumber(date);
  const { kind, clouds } = drawSky(layout, day);
  const sky20 = skyOnCoarseGrid(layout, clouds);
  const sky10 = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) sky10[i] = sky20[(Math.floor(i / width) >> 1) * (width >> 1) + ((i % width) >> 1)]!;

  const coverOfField = layout.curves.map((curve, k) => greenCoverFraction(curve, day - layout.plantingDays[k]!));
  const cover = new Float32Array(pixels);
  for (let i = 0; i < pixels; i++) {
    const k = layout.fieldAt[i]!;
    const healthy = k < 0 ? BACKGROUND_COVER : coverOfField[k]!;
    cover[i] = Math.min(1, healthy * (layout.stressedAt[i] ? STRESSED_COVER_FACTOR : 1) * layout.standFactor[i]!);
  }

  const bands = {} as Record<Sentinel2BandName, BandRaster>;
  const groundAt20 = {} as Record<ReflectanceBand, Float32Array>;
  reflectanceBands.forEach((band, bandIndex) => {
    const canopy = GREEN_CANOPY_REFLECTANCE[band];
    const stressedCanopy = canopy + (STRESSED_CANOPY_SWIR_INCREASE[band] ?? 0);
    const soil = BARE_SOIL_REFLECTANCE[band];
    const ground = new Float32Array(pixels);
    for (let i = 0; i < pixels; i++) ground[i] = cover[i]! * (layout.stressedAt[i] ? stressedCanopy : canopy) + (1 - cover[i]!) * soil;
    groundAt20[band] = halfResolution(ground, width, height);
    const native = BAND_PIXEL_M[band] === 10;
    const raster = native ? { width, height, ground } : { width: width >> 1, height: height >> 1, ground: groundAt20[band] };
    bands[band] = {
      width: raster.width,
      height: raster.height,
      samples: observe(raster.ground, native ? sky10 : sky20, CLOUD_REFLECTANCE[band], [layout.seed, day, bandIndex]),
    };
  });

  const scl = sceneClassification(sky20, groundAt20.red, groundAt20.nir);
  bands.scl = { width: width >> 1, height: height >> 1, samples: scl };
  const cloudy = scl.reduce((count, value) => count + (value === SCL.cloudMedium || value === SCL.cloudHigh ? 1 : 0), 0);

  const clearShareByField: Record<string, number> = {};
  layout.site.fields.forEach((field, k) => {
    let inField = 0;
    let clear = 0;
    for (let i = 0; i < pixels; i++) {
      if (layout.fieldAt[i] !== k) continue;
      inField += 1;
      if (sky10[i] === SKY_CLEAR) clear += 1;
    }
    clearShareByField[field.id] = clear / inField;
  });

  return { sky: kind, bands, cloudCoverPct: Math.round((10_000 * cloudy) / scl.length) / 100, clearShareByField };
}

/** The clouds of a site on a day: none, one over part of a field, a few small ones anywhere, or overcast. */
function drawSky(layout: SiteLayout, day: number): { kind: SkyKind; clouds: Cloud[] } {
  const next = randomSequence(layout.seed, keyOf(layout.site.id), day);
  const { originX, originY, width, height, pixelSizeM } = layout.site.grid10m;
  const widthM = width * pixelSizeM;
  const heightM = height * pixelSizeM;
  const roll = next();
  if (roll < OVERCAST_CHANCE) {
    return { kind: 'overcast', clouds: [{ x: originX + widthM / 2, y: originY - heightM / 2, radiusM: Math.hypot(widthM, heightM) }] };
  }
  if (roll < OVERCAST_CHANCE + CLOUD_OVER_A_FIELD_CHANCE) {
    const reach = layout.fieldReach[Math.floor(next() * layout.fieldReach.length)]!;
    const angle = 2 * Math.PI * next();
    // Off the field's middle, so part of the field stays clear: about half of a compact field is under it.
    const x = reach.x + CLOUD_OVER_FIELD_OFFSET_SHARE * reach.radiusM * Math.cos(angle);
    const y = reach.y + CLOUD_OVER_FIELD_OFFSET_SHARE * reach.radiusM * Math.sin(angle);
    return { kind: 'cloud-over-field', clouds: [{ x, y, radiusM: reach.radiusM }] };
  }
  if (roll < OVERCAST_CHANCE + CLOUD_OVER_A_FIELD_CHANCE + SCATTERED_CLOUD_CHANCE) {
    const count = 1 + Math.floor(next() * 3);
    const clouds = Array.from({ length: count }, () => ({
      x: originX + next() * widthM,
      y: originY - next() * heightM,
      radiusM: 60 + next() * 140,
    }));
    return { kind: 'scattered-cloud', clouds };
  }
  return { kind: 'clear', clouds: [] };
}

/** Cloud core, rim, shadow or clear sky over each 20 m pixel's centre. */
function skyOnCoarseGrid(layout: SiteLayout, clouds: Cloud[]): Uint8Array {
  const { originX, originY, width, height, pixelSizeM } = layout.site.grid10m;
  const coarseWidth = width >> 1;
  const sky = new Uint8Array(coarseWidth * (height >> 1));
  if (clouds.length === 0) return sky;
  for (let i = 0; i < sky.length; i++) {
    const x = originX + ((i % coarseWidth) + 0.5) * 2 * pixelSizeM;
    const y = originY - (Math.floor(i / coarseWidth) + 0.5) * 2 * pixelSizeM;
    let above = SKY_CLEAR;
    for (const cloud of clouds) {
      const distance = Math.hypot(x - cloud.x, y - cloud.y);
      if (distance < CLOUD_CORE_SHARE * cloud.radiusM) above = SKY_CLOUD_CORE;
      else if (distance < cloud.radiusM) above = Math.max(above, SKY_CLOUD_RIM);
      else if (Math.hypot(x - cloud.x - SHADOW_SHIFT_X_M, y - cloud.y - SHADOW_SHIFT_Y_M) < cloud.radiusM)
        above = Math.max(above, SKY_SHADOW);
    }
    sky[i] = above;
  }
  return sky;
}

/** The mean of each 2 × 2 block: a 10 m raster as the 20 m bands see it. */
function halfResolution(values: Float32Array, width: number, height: number): Float32Array {
  const coarseWidth = width >> 1;
  const out = new Float32Array(coarseWidth * (height >> 1));
  for (let i = 0; i < out.length; i++) {
    const top = Math.floor(i / coarseWidth) * 2 * width + (i % coarseWidth) * 2;
    out[i] = (values[top]! + values[top + 1]! + values[top + width]! + values[top + width + 1]!) / 4;
  }
  return out;
}

/** What the sensor records: ground reflectance with noise, replaced by cloud, half-mixed at a cloud's rim, darkened in shadow. */
function observe(ground: Float32Array, sky: Uint8Array, cloud: number, noiseKeys: [seed: number, day: number, band: number]): Uint16Array {
  const [seed, day, band] = noiseKeys;
  const dn = new Uint16Array(ground.length);
  for (let i = 0; i < ground.length; i++) {
    let reflectance = ground[i]!;
    if (sky[i] === SKY_CLOUD_CORE) reflectance = cloud;
    else if (sky[i] === SKY_CLOUD_RIM) reflectance = (reflectance + cloud) / 2;
    else if (sky[i] === SKY_SHADOW) reflectance *= SHADOW_BRIGHTNESS;
    reflectance *= 1 + SENSOR_NOISE * (2 * uniform(seed, day, band, i) - 1);
    // DN 0 means no data, so the darkest real pixel is DN 1.
    dn[i] = Math.min(65_535, Math.max(1, Math.round(reflectance * 10_000)));
  }
  return dn;
}

/** SCL at 20 m: cloud and shadow from the sky, else vegetation or bare by the noise-free NDVI. */
function sceneClassification(sky: Uint8Array, red: Float32Array, nir: Float32Array): Uint8Array {
  const scl = new Uint8Array(sky.length);
  for (let i = 0; i < sky.length; i++) {
    if (sky[i] === SKY_CLOUD_CORE) scl[i] = SCL.cloudHigh;
    else if (sky[i] === SKY_CLOUD_RIM) scl[i] = SCL.cloudMedium;
    else if (sky[i] === SKY_SHADOW) scl[i] = SCL.cloudShadow;
    else scl[i] = (nir[i]! - red[i]!) / (nir[i]! + red[i]!) >= SCL_VEGETATION_MIN_NDVI ? SCL.vegetation : SCL.notVegetated;
  }
  return scl;
}
