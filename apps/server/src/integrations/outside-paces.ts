import { RequestPace } from '@murimi/core';

/** Requests that may start at once after a quiet spell: a person's one analysis asks a handful together. */
const BURST = 10;
const paces = new Map<string, RequestPace>();

/**
 * This process's one pace for an outside service (by the host it is asked at) at a rate: every analysis, schedule
 * and request of the process shares it, so together they ask no faster than `perMinute`.
 */
export function paceOf(serviceUrl: string, perMinute: number): RequestPace {
  const key = `${new URL(serviceUrl).host}|${perMinute}`;
  let pace = paces.get(key);
  if (!pace) paces.set(key, (pace = new RequestPace(perMinute, BURST, { now: () => performance.now() })));
  return pace;
}
