/**
 * A label grid: one label per pixel of a field's window, row-major. No label: a negative number in an `Int32Array`,
 * 255 in a `Uint8Array` (the usual no-data byte).
 */
export type ZoneLabels = Int32Array | Uint8Array;

/** Whether pixel `i` carries a label. */
export function isLabelled(labels: ZoneLabels, i: number): boolean {
  const label = labels[i]!;
  return labels instanceof Uint8Array ? label !== 255 : label >= 0;
}

/** The 4-connected regions of equal label: each pixel's region id (−1 where not a member), and each region's label. */
export interface ConnectedRegions {
  ids: Int32Array;
  /** Label of each region, by id. */
  labels: number[];
}

/**
 * Splits the member pixels (`isMember`) into regions of equal label joined through their sides (4-connectivity:
 * pixels touching only at a corner are separate regions, as a sprayer boom or a scout sees two patches). Region ids
 * are given in raster order of each region's first pixel, so the result is deterministic.
 */
export function connectedRegions(
  labels: ArrayLike<number>,
  width: number,
  height: number,
  isMember: (i: number) => boolean,
): ConnectedRegions {
  const ids = new Int32Array(width * height).fill(-1);
  const regionLabels: number[] = [];
  const stack = new Int32Array(width * height);
  for (let start = 0; start < ids.length; start++) {
    if (ids[start] !== -1 || !isMember(start)) continue;
    const id = regionLabels.length;
    const label = labels[start]!;
    regionLabels.push(label);
    ids[start] = id;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top]!;
      const column = i % width;
      const join = (j: number) => {
        if (ids[j] === -1 && labels[j] === label && isMember(j)) {
          ids[j] = id;
          stack[top++] = j;
        }
      };
      if (column > 0) join(i - 1);
      if (column < width - 1) join(i + 1);
      if (i >= width) join(i - width);
      if (i < ids.length - width) join(i + width);
    }
  }
  return { ids, labels: regionLabels };
}
