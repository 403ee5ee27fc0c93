/**
 * A token's standing (revoked? token version? role?) read from the database at most every few seconds per
 * token: a signed-in screen sends many requests a second, and this lookup was half the database work of each.
 * Logout and password changes in this process forget entries at once; another process sees them within the
 * time to live.
 *
 * A read that was already under way when an entry was forgotten is answered but not kept: it may have read the
 * row before the logout committed, and keeping it would admit the revoked token until the entry expired.
 */
export class StandingCache<Standing> {
  private readonly entries = new Map<string, { standing: Standing; userId: string; readAtMs: number }>();
  /** Raised by every forget; a read keeps its result only if no forget happened while it ran. */
  private forgets = 0;
  /** Reads answered from memory and from the database, since the process started (for `/api/metrics`). */
  readonly lookups = { hits: 0, misses: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async read(key: { tokenId: string; userId: string }, load: () => Promise<Standing>): Promise<Standing> {
    const startedAtMs = this.nowMs();
    const cached = this.entries.get(key.tokenId);
    if (cached && startedAtMs - cached.readAtMs < this.ttlMs) {
      this.lookups.hits += 1;
      return cached.standing;
    }
    this.lookups.misses += 1;
    const forgetsBefore = this.forgets;
    const standing = await load();
    if (this.forgets !== forgetsBefore) return standing;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key.tokenId, { standing, userId: key.userId, readAtMs: startedAtMs });
    return standing;
  }

  /** Forget one token, or every token of a user (after a password change). */
  forget(by: { tokenId: string } | { userId: string }): void {
    this.forgets += 1;
    if ('tokenId' in by) {
      this.entries.delete(by.tokenId);
      return;
    }
    for (const [tokenId, entry] of this.entries) if (entry.userId === by.userId) this.entries.delete(tokenId);
  }
}
