/**
 * Field areas in the units farmers use, apart from the boundary checks and their geodesic library, so a screen that
 * only shows areas does not carry them.
 */

/** International acre: 4,046.856 m², so 10,000 / 4,046.856 acres to the hectare. */
export const ACRES_PER_HECTARE = 2.471_054;

/** Formats hectares for messages: two decimals below 10 ha, whole numbers above. */
export function formatHectares(hectares: number): string {
  return hectares < 10 ? hectares.toFixed(2) : Math.round(hectares).toLocaleString('en-US');
}

export function hectaresToAcres(hectares: number): number {
  return hectares * ACRES_PER_HECTARE;
}
