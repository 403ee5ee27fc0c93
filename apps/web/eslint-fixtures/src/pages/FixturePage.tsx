/** A screen: the top of the layers a feature may not reach up to. */
export function FixturePage() {
  return <h1>Fixture</h1>;
}
