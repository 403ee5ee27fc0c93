/** A helper: below the features. */
export const fixtureFormat = (value: number) => value.toFixed(1);
