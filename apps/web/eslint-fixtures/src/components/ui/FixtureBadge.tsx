/** A generic part: below the features. */
export function FixtureBadge({ text }: { text: string }) {
  return <span>{text}</span>;
}
