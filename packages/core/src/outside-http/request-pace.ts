/**
 * How fast one outside service is asked: at most `perMinute` requests started in a minute, evenly spaced, with a
 * short burst allowed after a quiet spell (a person's one analysis asks a handful at once and should not queue).
 * A night's schedule over thousands of fields waits its turn instead of tripping the service's limit: Open-Meteo's
 * free API allows 600 calls a minute, 5,000 an hour and 10,000 a day (open-meteo.com/en/terms); Earth Search
 * publishes no limit, and is asked at a rate a shared public service can bear.
 *
 * The rule is GCRA (the generic cell rate algorithm, ITU-T I.371): each request books the next slot, `60 s /
 * perMinute` after the last, and may start up to `burst − 1` slots early. A request whose caller gives up keeps its
 * slot: pacing errs on the polite side. One pace per service and process: N processes ask N times as fast.
 */
export class RequestPace {
  /** When the next slot begins, in the clock's milliseconds. */
  private nextSlotMs = Number.NEGATIVE_INFINITY;
  private readonly spacingMs: number;
  private readonly earlyMs: number;

  constructor(
    readonly perMinute: number,
    readonly burst: number,
    private readonly clock: { now: () => number },
  ) {
    if (!(perMinute > 0) || !(burst >= 1))
      throw new RangeError(`A pace needs a positive rate and a burst of at least 1 (got ${perMinute}, ${burst}).`);
    this.spacingMs = 60_000 / perMinute;
    this.earlyMs = (Math.floor(burst) - 1) * this.spacingMs;
  }

  /** Books the next slot: how long to wait before starting the request, in ms (0: now). */
  book(): number {
    const now = this.clock.now();
    const slot = Math.max(this.nextSlotMs, now - this.earlyMs);
    this.nextSlotMs = slot + this.spacingMs;
    return Math.max(0, slot - now);
  }
}
