/** Classes of a weighted 1-D k-means, ordered from the lowest centroid to the highest. */
export interface WeightedKMeans {
  /** Each class's centroid (weighted mean of its values), ascending. */
  centroids: number[];
  /** Each class's total weight; 0 for a class left empty (fewer distinct values than classes). */
  classWeights: number[];
  /** Class of each input (0 = lowest), −1 where the value is not finite or the weight not positive. */
  labels: Int32Array;
  /** Lloyd iterations run, and whether the assignment stopped changing within `maxIterations`. */
  iterations: number;
  converged: boolean;
}

/** First index in `sorted` whose value is above `limit` (values equal to a midpoint go to the lower class). */
function upperBound(sorted: Float64Array, limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= limit) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Weighted k-means of 1-D values (Lloyd's algorithm). Initialised deterministically at the weighted quantiles
 * (c + ½)/k of the values, then iterated until no value changes class. In one dimension each class is an interval
 * of the sorted values split at the midpoints between centroids, so an iteration is k binary searches over
 * prefix sums of weight and weight × value rather than a pass over every value. Same input, same classes.
 */
export function weightedKMeans1d(
  values: ArrayLike<number>,
  weights: ArrayLike<number>,
  classCount: number,
  maxIterations = 300,
): WeightedKMeans {
  if (values.length !== weights.length) throw new RangeError(`${values.length} values for ${weights.length} weights.`);
  if (!Number.isInteger(classCount) || classCount < 1) throw new RangeError(`Cannot make ${classCount} classes.`);
  const order: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const weight = weights[i]!;
    if (Number.isFinite(values[i]!) && weight > 0 && Number.isFinite(weight)) order.push(i);
  }
  if (order.length === 0) throw new RangeError('k-means needs at least one value with a positive weight.');
  order.sort((a, b) => values[a]! - values[b]! || a - b);
  const n = order.length;
  const sorted = new Float64Array(n);
  const weightBefore = new Float64Array(n + 1);
  const sumBefore = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    const value = values[order[i]!]!;
    const weight = weights[order[i]!]!;
    sorted[i] = value;
    weightBefore[i + 1] = weightBefore[i]! + weight;
    sumBefore[i + 1] = sumBefore[i]! + weight * value;
  }
  const total = weightBefore[n]!;

  const centroids = Array.from({ length: classCount }, (_, c) => {
    const target = ((c + 0.5) / classCount) * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (weightBefore[middle + 1]! >= target) high = middle;
      else low = middle + 1;
    }
    return sorted[low]!;
  });
  /** ends[c]: one past the last sorted index of class c. */
  let ends: number[] = [];
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    const next = centroids.map((centroid, c) => (c === classCount - 1 ? n : upperBound(sorted, (centroid + centroids[c + 1]!) / 2)));
    if (next.every((end, c) => end === ends[c])) {
      converged = true;
      break;
    }
    ends = next;
    for (let c = 0, start = 0; c < classCount; start = ends[c]!, c++) {
      const weight = weightBefore[ends[c]!]! - weightBefore[start]!;
      // An empty class keeps its centroid: it lies between its neighbours', so the order holds.
      if (weight > 0) centroids[c] = (sumBefore[ends[c]!]! - sumBefore[start]!) / weight;
    }
  }

  const labels = new Int32Array(values.length).fill(-1);
  const classWeights: number[] = [];
  for (let c = 0, start = 0; c < classCount; start = ends[c]!, c++) {
    classWeights.push(weightBefore[ends[c]!]! - weightBefore[start]!);
    for (let i = start; i < ends[c]!; i++) labels[order[i]!] = c;
  }
  return { centroids, classWeights, labels, iterations, converged };
}
