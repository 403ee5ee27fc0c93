/**
 * A file name from a person's words: lower case ASCII words joined by hyphens ("Chipo’s Block" → chipo-s-block, "Mũnda" → munda), at
 * most 60 characters, or `fallback` when nothing is left.
 */
export function fileSlug(name: string, fallback: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60)
      .replace(/-$/, '') || fallback
  );
}
