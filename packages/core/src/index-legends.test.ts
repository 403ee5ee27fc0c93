import { describe, expect, it } from 'vitest';
import { colourOf, LEGENDS, NO_CLEAR_READING_RGB, type IndexLegend } from './index-legends.ts';

type Rgb = [number, number, number];

/** sRGB 0–255 to linear light and back. */
const toLinear = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const toSrgb = (c: number) => 255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055);

/** What a deuteranope sees: Machado, Oliveira & Fernandes (2009), severity 1, applied in linear RGB. */
function deuteranopia([r, g, b]: Rgb): Rgb {
  const [lr, lg, lb] = [r, g, b].map(toLinear) as Rgb;
  const m = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ];
  return m.map(([a, c, d]) => toSrgb(Math.min(1, Math.max(0, a! * lr + c! * lg + d! * lb)))) as Rgb;
}

/** CIE L* of a colour, the lightness a viewer ranks colours by. */
function lightness([r, g, b]: Rgb): number {
  const y = 0.2126 * toLinear(r) + 0.7152 * toLinear(g) + 0.0722 * toLinear(b);
  return y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y;
}

const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The legend's colours from its first to its last stop, 50 samples. */
function ramp(legend: IndexLegend): Rgb[] {
  const first = legend.stops[0]!.value;
  const last = legend.stops.at(-1)!.value;
  return Array.from({ length: 50 }, (_, i) => colourOf(legend, first + ((last - first) * i) / 49));
}

describe('index legends', () => {
  it('break where the spec thresholds are (§9)', () => {
    const edges = (legend: IndexLegend) => legend.classes.slice(1).map((band) => band.from);
    expect(edges(LEGENDS.ndvi)).toEqual([0.2, 0.5]);
    expect(edges(LEGENDS.ndmi)).toEqual([-0.2]);
    expect(edges(LEGENDS.ndre)).toEqual([0.3, 0.6]);
    for (const legend of Object.values(LEGENDS) as IndexLegend[])
      for (const band of legend.classes.slice(1)) expect(legend.stops.map((stop) => stop.value)).toContain(band.from);
  });

  it.each(Object.keys(LEGENDS))(
    '%s still reads low to high for a deuteranope: lightness only rises (or only falls) along the ramp',
    (name) => {
      const seen = ramp(LEGENDS[name as keyof typeof LEGENDS]).map((colour) => lightness(deuteranopia(colour)));
      const steps = seen.slice(1).map((value, i) => value - seen[i]!);
      const rising = steps.every((step) => step >= -0.5);
      const falling = steps.every((step) => step <= 0.5);
      expect(rising || falling).toBe(true);
      // The ends are far apart in lightness, so the classes are told apart by lightness alone.
      expect(Math.abs(seen.at(-1)! - seen[0]!)).toBeGreaterThan(50);
    },
  );

  it.each(Object.keys(LEGENDS))('%s keeps clear of the cloud grey, for a deuteranope too', (name) => {
    for (const colour of ramp(LEGENDS[name as keyof typeof LEGENDS])) {
      expect(distance(colour, NO_CLEAR_READING_RGB)).toBeGreaterThan(40);
      expect(distance(deuteranopia(colour), deuteranopia(NO_CLEAR_READING_RGB))).toBeGreaterThan(40);
    }
  });
});
