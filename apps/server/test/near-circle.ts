/**
 * A near-circle of `corners` corners around a centre, as a closed GeoJSON ring: the heaviest boundary a field may
 * have, for tests and benchmarks of what large imports cost.
 */
export function nearCircle(corners: number, centre: [number, number], radiusDegrees = 0.005): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < corners; i++) {
    const angle = (2 * Math.PI * i) / corners;
    ring.push([centre[0] + radiusDegrees * Math.cos(angle), centre[1] + radiusDegrees * Math.sin(angle)]);
  }
  ring.push(ring[0]!);
  return ring;
}
