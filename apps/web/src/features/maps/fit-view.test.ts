import { describe, expect, it } from 'vitest';
import { fitView, pixelOf, tooFarOutToDraw, type LngLatBounds } from './fit-view.ts';

const phoneMap = { widthPx: 390, heightPx: 700, paddingPx: 48, maxZoom: 17 };
const desktopMap = { widthPx: 1440, heightPx: 850, paddingPx: 48, maxZoom: 17 };

/** Every corner of `bounds` lies inside the map, at least `insetPx` from its edges. */
function showsWhole(bounds: LngLatBounds, map: typeof phoneMap, insetPx: number) {
  const view = fitView(bounds, map);
  const corners: [number, number][] = [
    [bounds[0], bounds[1]],
    [bounds[2], bounds[3]],
  ];
  return corners.every(([lng, lat]) => {
    const { x, y } = pixelOf([lng, lat], view, map.widthPx, map.heightPx);
    return x >= insetPx - 0.01 && x <= map.widthPx - insetPx + 0.01 && y >= insetPx - 0.01 && y <= map.heightPx - insetPx + 0.01;
  });
}

describe('fitting the map to fields', () => {
  // Fields near Harare, Lusaka and Lilongwe: three countries.
  const threeCountries: LngLatBounds = [28.28, -17.84, 33.79, -13.95];

  it('shows fields spread over three countries whole, inside the padding, at a zoom where they are a few hundred km across', () => {
    for (const map of [phoneMap, desktopMap]) {
      expect(showsWhole(threeCountries, map, 48)).toBe(true);
      const { zoom } = fitView(threeCountries, map);
      expect(zoom).toBeGreaterThan(4);
      expect(zoom).toBeLessThan(7.5);
    }
    // The tighter side decides: one of the two spans fills the space between the paddings exactly.
    const view = fitView(threeCountries, phoneMap);
    const west = pixelOf([28.28, -15], view, 390, 700).x;
    const east = pixelOf([33.79, -15], view, 390, 700).x;
    expect(east - west).toBeCloseTo(390 - 96, 6);
  });

  it('centres the view on the middle of the bounds in the map projection', () => {
    const view = fitView(threeCountries, desktopMap);
    expect(view.centre[0]).toBeCloseTo((28.28 + 33.79) / 2, 9);
    expect(view.centre[1]).toBeGreaterThan(-17.84);
    expect(view.centre[1]).toBeLessThan(-13.95);
    const middle = pixelOf(view.centre, view, 1440, 850);
    expect(middle).toEqual({ x: 720, y: 425 });
  });

  it('gives a single point or a tiny field the closest zoom allowed, not an endless one', () => {
    expect(fitView([31.05, -17.83, 31.05, -17.83], desktopMap)).toEqual({
      centre: [expect.closeTo(31.05, 9), expect.closeTo(-17.83, 9)],
      zoom: 17,
    });
    const garden = fitView([31.05, -17.83, 31.0501, -17.8299], phoneMap);
    expect(garden.zoom).toBe(17);
    expect(Number.isFinite(garden.centre[0]) && Number.isFinite(garden.centre[1])).toBe(true);
  });

  it('keeps a farm of a few fields at a zoom for drawing', () => {
    // Three fields within about 1.5 km of each other.
    const farm: LngLatBounds = [31.05, -17.84, 31.062, -17.827];
    for (const map of [phoneMap, desktopMap]) {
      const { zoom } = fitView(farm, map);
      expect(zoom).toBeGreaterThanOrEqual(14);
      expect(tooFarOutToDraw(zoom)).toBe(false);
      expect(showsWhole(farm, map, 48)).toBe(true);
    }
  });

  it('shrinks the padding on a map too small for it, and goes no farther out than the least zoom', () => {
    const tiny = { widthPx: 80, heightPx: 60, paddingPx: 48, maxZoom: 17 };
    const view = fitView([31.05, -17.84, 31.062, -17.827], tiny);
    expect(Number.isFinite(view.zoom)).toBe(true);
    expect(showsWhole([31.05, -17.84, 31.062, -17.827], tiny, 15)).toBe(true);
    expect(fitView([-170, -80, 170, 80], { ...desktopMap, minZoom: 2 }).zoom).toBe(2);
  });

  it('says a view is too far out to draw a field below zoom 13', () => {
    expect(tooFarOutToDraw(8)).toBe(true);
    expect(tooFarOutToDraw(12.9)).toBe(true);
    expect(tooFarOutToDraw(13)).toBe(false);
    expect(tooFarOutToDraw(16)).toBe(false);
  });
});
