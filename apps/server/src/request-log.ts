import type { IncomingHttpHeaders } from 'node:http';

/**
 * Africa's Talking does not sign its callbacks, so their URLs carry `AFRICASTALKING_CALLBACK_SECRET` as a path segment
 * (`/api/sms/africastalking/<secret>/inbound`): whoever reads the logs must not learn it. Not anchored, and forgiving
 * of case and doubled slashes: a mistyped path is logged before routing finds no route, and may still hold the secret.
 */
const CALLBACK_SECRET_SEGMENT = /(\/sms\/+africastalking\/+)[^/?#]*/i;

/** `url` as it may be logged: the callback secret replaced by `***`, every other URL as it is. */
export function urlForLog(url: string): string {
  return url.replace(CALLBACK_SECRET_SEGMENT, '$1***');
}

/** What Fastify hands the `req` serializer: its request (typed as Node's, which lacks `host` and `ip`). */
interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
}

/**
 * The request as Fastify's "incoming request" line logs it: Fastify's own fields (its default `req` serializer),
 * with the URL passed through `urlForLog`.
 */
export function requestForLog(request: LoggedRequest) {
  const acceptVersion = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlForLog(request.url),
    version: Array.isArray(acceptVersion) ? acceptVersion[0] : acceptVersion,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
