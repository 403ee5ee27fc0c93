/** Caps how many requests run at once; the rest wait in arrival order. */
export class RequestLimiter {
  readonly maxInFlight: number;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(maxInFlight: number) {
    if (!Number.isInteger(maxInFlight) || maxInFlight < 1)
      throw new RangeError(`maxInFlight must be a positive integer, got ${maxInFlight}`);
    this.maxInFlight = maxInFlight;
  }

  /** Requests running now. */
  get active(): number {
    return this.inFlight;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.inFlight >= this.maxInFlight) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inFlight++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      if (next) next();
      else this.inFlight--;
    }
  }
}

/** Requests to COG servers in flight from this process at once, unless a reader is given its own limit. */
export const defaultMaxRequestsInFlight = 8;

/** The limiter every reader without its own `concurrency` shares, so the cap holds per process. */
export const sharedRequestLimiter = new RequestLimiter(defaultMaxRequestsInFlight);
