/**
 * A season composite: the per-pixel median of several dates' values on the same window (NaN where no date has a
 * value; with an even number of values, the mean of the middle two). The median keeps a zone map from following
 * one date's haze, shadow or a field operation, as a single date's map would.
 */
export function medianComposite(dates: readonly Float32Array[]): Float32Array {
  if (dates.length === 0) throw new RangeError('A composite needs at least one date.');
  const length = dates[0]!.length;
  if (dates.some((values) => values.length !== length)) throw new RangeError('Every date must cover the same window.');
  const composite = new Float32Array(length);
  const pixel = new Float64Array(dates.length);
  for (let i = 0; i < length; i++) {
    let count = 0;
    for (const values of dates) {
      const value = values[i]!;
      if (Number.isFinite(value)) pixel[count++] = value;
    }
    if (count === 0) {
      composite[i] = NaN;
      continue;
    }
    const sorted = pixel.subarray(0, count).sort();
    const middle = count >> 1;
    composite[i] = count % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
  return composite;
}
