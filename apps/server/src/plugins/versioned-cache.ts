import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The ETag of an answer built from an organisation's fields at a field-list version, for everyone who sees the same
 * thing (`key`: their reach and what they asked).
 */
function versionedEtag(orgId: string, version: number, key: string): string {
  return `"${orgId.slice(0, 8)}-${version}-${createHash('sha256').update(key).digest('base64url').slice(0, 12)}"`;
}

/**
 * Names the answer built at `version` for `key` in its ETag, to be asked again each time (`private, no-cache`), and
 * answers 304 when the client already holds it: true then, and the caller returns without building anything.
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  { orgId, version, key }: { orgId: string; version: number; key: string },
): boolean {
  const etag = versionedEtag(orgId, version, key);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] !== etag) return false;
  void reply.status(304).send();
  return true;
}

/**
 * Answers built from an organisation's fields (serialized list pages, map tiles, the map's point index) by key, each
 * with the field-list version it was built at: an answer of an older version is never given, so an edit needs no
 * invalidation of its own. Bounded by bytes (`bytesOf`: by default a string's length or an array's bytes); the least
 * recently stored goes first.
 */
export class VersionedCache<Body> {
  private readonly entries = new Map<string, { version: number; body: Body }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly bytesOf: (body: Body) => number = (body) => (body as string | Uint8Array).length,
  ) {}

  get(key: string, version: number): Body | undefined {
    const entry = this.entries.get(key);
    return entry?.version === version ? entry.body : undefined;
  }

  set(key: string, version: number, body: Body): void {
    this.delete(key);
    this.entries.set(key, { version, body });
    this.bytes += this.bytesOf(body);
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= this.bytesOf(entry.body);
    this.entries.delete(key);
  }
}
