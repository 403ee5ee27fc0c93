/**
 * A 3 × 3 majority filter over zone labels (negative = no label), to remove salt-and-pepper from a per-pixel
 * classification: each labelled pixel takes the label held by more than half of the labelled pixels of its 3 × 3
 * neighbourhood (itself included), and keeps its own otherwise. Unlabelled pixels (outside the field, no value)
 * neither vote nor change. Each pass reads the previous pass's labels only, so the result does not depend on scan
 * order. One pass removes isolated pixels and pairs; a second also rounds off 2 × 2 specks and jagged edges.
 */
export function majorityFilter(labels: Int32Array, width: number, height: number, passes = 1): Int32Array {
  if (labels.length !== width * height) throw new RangeError(`A ${width} × ${height} window needs ${width * height} labels.`);
  let current = labels.slice();
  const seen: number[] = [];
  const votes: number[] = [];
  for (let pass = 0; pass < passes; pass++) {
    const next = current.slice();
    for (let row = 0; row < height; row++) {
      for (let column = 0; column < width; column++) {
        const own = current[row * width + column]!;
        if (own < 0) continue;
        seen.length = 0;
        votes.length = 0;
        let voters = 0;
        for (let r = Math.max(0, row - 1); r <= Math.min(height - 1, row + 1); r++) {
          for (let c = Math.max(0, column - 1); c <= Math.min(width - 1, column + 1); c++) {
            const label = current[r * width + c]!;
            if (label < 0) continue;
            voters++;
            const at = seen.indexOf(label);
            if (at < 0) {
              seen.push(label);
              votes.push(1);
            } else votes[at]!++;
          }
        }
        for (let k = 0; k < seen.length; k++) {
          if (votes[k]! * 2 > voters) next[row * width + column] = seen[k]!;
        }
      }
    }
    current = next;
  }
  return current;
}
