import { connectedRegions } from './connected-regions.ts';

/** A prescription exports at most this many zone polygons (a product rule; terminals slow down past a few hundred). */
export const MAX_ZONE_POLYGONS = 100;

/** A binary min-heap of [area, region] with lazy deletion: entries whose area is out of date are skipped. */
class SmallestFirst {
  private readonly items: [number, number][] = [];
  get size(): number {
    return this.items.length;
  }
  push(item: [number, number]): void {
    const items = this.items;
    items.push(item);
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  pop(): [number, number] {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      for (let i = 0; ;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < items.length && before(items[left]!, items[smallest]!)) smallest = left;
        if (right < items.length && before(items[right]!, items[smallest]!)) smallest = right;
        if (smallest === i) break;
        [items[i], items[smallest]] = [items[smallest]!, items[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
/** Smaller area first; equal areas in raster order of the regions, so merges are deterministic. */
const before = (a: [number, number], b: [number, number]) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/**
 * Caps the number of zone parts (4-connected regions of one label among the labelled pixels): while there are more
 * than `maxParts`, the smallest part (by area inside the field) takes the label of its largest neighbour, and any
 * other part of that label it touched joins them. A part with no labelled neighbour (an island among masked
 * pixels) cannot merge and stays, so the cap is not reached only when such islands alone exceed it.
 * Labels: negative = none. Returns new labels; `fractions` weight each pixel's area.
 */
export function capZoneParts(
  labels: Int32Array,
  fractions: ArrayLike<number>,
  width: number,
  height: number,
  maxParts = MAX_ZONE_POLYGONS,
): { labels: Int32Array; partCount: number } {
  const { ids, labels: regionLabels } = connectedRegions(labels, width, height, (i) => labels[i]! >= 0 && fractions[i]! > 0);
  const count = regionLabels.length;
  if (count <= maxParts) return { labels: labels.slice(), partCount: count };

  const area = new Float64Array(count);
  const neighbours = Array.from({ length: count }, () => new Set<number>());
  for (let i = 0; i < ids.length; i++) {
    const region = ids[i]!;
    if (region < 0) continue;
    area[region]! += fractions[i]!;
    const right = (i % width) + 1 < width ? ids[i + 1]! : -1;
    const below = i + width < ids.length ? ids[i + width]! : -1;
    for (const other of [right, below]) {
      if (other >= 0 && other !== region) {
        neighbours[region]!.add(other);
        neighbours[other]!.add(region);
      }
    }
  }
  const label = regionLabels.slice();
  /** The region each one was merged into (itself while alive). */
  const mergedInto = Int32Array.from({ length: count }, (_, i) => i);
  const find = (region: number): number => {
    while (mergedInto[region] !== region) region = mergedInto[region] = mergedInto[mergedInto[region]!]!;
    return region;
  };
  const queue = new SmallestFirst();
  for (let region = 0; region < count; region++) queue.push([area[region]!, region]);

  let alive = count;
  /** Moves `from` into `into`: area, and neighbours (each neighbour now touching `into` instead). */
  const absorb = (from: number, into: number) => {
    mergedInto[from] = into;
    area[into]! += area[from]!;
    for (const other of neighbours[from]!) {
      neighbours[other]!.delete(from);
      if (other !== into) {
        neighbours[other]!.add(into);
        neighbours[into]!.add(other);
      }
    }
    neighbours[from]!.clear();
    alive--;
  };
  while (alive > maxParts && queue.size > 0) {
    const [smallestArea, smallest] = queue.pop();
    if (mergedInto[smallest] !== smallest || smallestArea !== area[smallest]) continue;
    if (neighbours[smallest]!.size === 0) continue;
    let largest = -1;
    for (const other of neighbours[smallest]!) {
      if (largest < 0 || area[other]! > area[largest]! || (area[other] === area[largest] && other < largest)) largest = other;
    }
    // Relabelled, the part also joins the other parts of the new label it touches.
    const joining = [...neighbours[smallest]!].filter((other) => other !== largest && label[other] === label[largest]);
    absorb(smallest, largest);
    for (const other of joining) absorb(other, largest);
    queue.push([area[largest]!, largest]);
  }
  const capped = labels.slice();
  for (let i = 0; i < ids.length; i++) if (ids[i]! >= 0) capped[i] = label[find(ids[i]!)]!;
  return { labels: capped, partCount: alive };
}
