import type { PackCache } from '../pack-store.ts';

/** Cache Storage's one cache as the packs use it, in memory: keyed by absolute URL like the browser's. */
export class FakePackCache implements PackCache {
  readonly entries = new Map<string, Response>();

  /** `writeDelayMs`: each put takes that long, as a real cache's write does, so concurrent writers interleave. */
  constructor(
    private readonly base = 'http://murimi.test',
    private readonly writeDelayMs = 0,
  ) {}

  private key(request: RequestInfo | URL): string {
    const url = request instanceof Request ? request.url : String(request);
    return new URL(url, this.base).href;
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    if (this.writeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.writeDelayMs));
    this.entries.set(this.key(request), response);
  }

  match(request: RequestInfo | URL): Promise<Response | undefined> {
    return Promise.resolve(this.entries.get(this.key(request))?.clone());
  }

  delete(request: RequestInfo | URL): Promise<boolean> {
    return Promise.resolve(this.entries.delete(this.key(request)));
  }

  urls(): string[] {
    return [...this.entries.keys()].sort();
  }
}
