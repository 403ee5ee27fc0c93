import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../errors.ts';
import { authenticate, authOf, signInHooks } from '../plugins/authenticate.ts';
import { setActingPerson } from '../request-actor.ts';
import { authorize, farmsInReach, type Action, type Actor } from './policy.ts';

/** The tables a route's `:id` can name, and how their 404 reads (the same words the services use). */
const RECORD_LABELS = {
  farms: 'Farm',
  fields: 'Field',
  soilTests: 'Soil test',
  fertilizerApplications: 'Fertilizer application',
  irrigationEvents: 'Irrigation',
  rainReadings: 'Rain reading',
  harvests: 'Harvest',
  visits: 'Visit',
  alerts: 'Alert',
  analyses: 'Analysis',
} as const;
export type RecordKind = keyof typeof RECORD_LABELS;

/** What a route behind sign-in does, for the policy: its action, and what its `:id` names when it has one. */
export interface RouteAccess {
  action: Action;
  record?: RecordKind;
  /** The words the route's service answers for a record of `:id` it cannot find, when not "<Record> not found." */
  notFound?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** Every route behind sign-in ("METHOD /api/path") with its access, as the app registered it: the policy matrix test covers each. */
export const guardedRoutes = new Map<string, RouteAccess>();

/**
 * Who may do what is decided by the policy alone: a route that signs people in without naming its action is a mistake
 * found as the app starts, not a route that lets every role through. Also notes each route's access for the matrix test.
 */
export function requirePolicyActions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const hooks = [route.onRequest ?? []].flat();
    const access = route.config?.access;
    if (hooks.some((hook) => signInHooks.has(hook)) && !access) {
      throw new Error(`${String(route.method)} ${route.url} signs people in but names no policy action; use guarded().`);
    }
    for (const method of [route.method].flat()) if (access && method !== 'HEAD') guardedRoutes.set(`${method} ${route.url}`, access);
  });
}

/**
 * The hooks and config of a route behind sign-in: the token is checked before the body is read, then (once the
 * params, query and body are validated) the policy decides. The role must be allowed the action (else 403), and
 * every farm or field the request names — its `:id`, and any `farmId` or `fieldId` in the path, query or body — must be
 * one the person reaches (else 404, as for another organisation's). This is the only way a route signs people in,
 * so no route decides on its own.
 */
export function guarded(ctx: AppContext, access: RouteAccess) {
  const onRequest: onRequestHookHandler = authenticate(ctx);
  const preHandler: preHandlerHookHandler = async (request) => {
    const actor = authOf(request);
    await authorizeRequest(ctx, actor, access, request);
    setActingPerson({ userId: actor.userId, orgId: actor.orgId });
  };
  return { onRequest, preHandler, config: { access } };
}

async function authorizeRequest(ctx: AppContext, actor: Actor, access: RouteAccess, request: FastifyRequest): Promise<void> {
  if (authorize(actor, access.action) === 'organisation') return;
  const params = (request.params ?? {}) as { id?: unknown };
  if (access.record && typeof params.id === 'string') {
    await requireInReach(ctx, actor, access.action, access.record, params.id, access.notFound);
  }
  await requireNamedInReach(ctx, actor, access, params);
  await requireNamedInReach(ctx, actor, access, request.query);
  // A create's own client id too: a replay answers the stored record, which must be one the actor reaches.
  await requireNamedInReach(ctx, actor, access, request.body, request.method === 'POST');
}

/** The farm and field an object names (`farmId`, `fieldId`), and with `ownId` its `id` as the route's record, in the actor's reach. */
export async function requireNamedInReach(
  ctx: AppContext,
  actor: Actor,
  access: RouteAccess,
  source: unknown,
  ownId = false,
): Promise<void> {
  if (!source || typeof source !== 'object') return;
  const { id, farmId, fieldId } = source as { id?: unknown; farmId?: unknown; fieldId?: unknown };
  if (ownId && access.record && typeof id === 'string') await requireInReach(ctx, actor, access.action, access.record, id);
  if (typeof farmId === 'string') await requireInReach(ctx, actor, access.action, 'farms', farmId);
  if (typeof fieldId === 'string') await requireInReach(ctx, actor, access.action, 'fields', fieldId);
}

/**
 * Refuses, as not found, a record of the organisation on a farm the actor is not given. A record that does not exist
 * (yet: a create with a client id) is left to the service, which answers as it always has.
 */
export async function requireInReach(
  ctx: AppContext,
  actor: Actor,
  action: Action,
  kind: RecordKind,
  id: string,
  notFound?: string,
): Promise<void> {
  const within = farmsInReach(ctx.database.db, actor, action);
  if (!within) return;
  const farmId = await farmOf(ctx, actor.orgId, kind, id);
  if (farmId === undefined) return;
  const reached = await within.where('farms.id', '=', farmId).executeTakeFirst();
  if (!reached) throw notFound ? new AppError('NOT_FOUND', notFound) : AppError.notFound(RECORD_LABELS[kind]);
}

async function farmOf(ctx: AppContext, orgId: string, kind: RecordKind, id: string): Promise<string | undefined> {
  const db = ctx.database.db;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  if (kind === 'farms')
    return (await db.selectFrom('farms').select('id').where('orgId', '=', orgId).where('id', '=', id).executeTakeFirst())?.id;
  if (kind === 'fields')
    return (await db.selectFrom('fields').select('farmId').where('orgId', '=', orgId).where('id', '=', id).executeTakeFirst())?.farmId;
  const row = await db
    .selectFrom(kind)
    .innerJoin('fields', 'fields.id', `${kind}.fieldId`)
    .select('fields.farmId')
    .where(`${kind}.orgId`, '=', orgId)
    .where(`${kind}.id`, '=', id)
    .executeTakeFirst();
  return row?.farmId;
}
