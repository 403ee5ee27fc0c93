import { lastModifiedEtag, lastModifiedOfEtag, pageSchema } from '@murimi/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { ListPage } from '../db/list-pages.ts';
import { RecordChangedError, type UpdateCondition } from '../db/owned-records.ts';
import { AppError } from '../errors.ts';
import { guarded, requireNamedInReach, type RecordKind } from '../policy/guard.ts';
import { reachKey, type Action, type Actor } from '../policy/policy.ts';
import { authOf } from './authenticate.ts';
import { answeredNotModified, VersionedCache } from './versioned-cache.ts';

/** Every owned record carries its version; the routes send it as the ETag and compare it with `If-Match`. */
interface VersionedRecord {
  lastModified: string;
}

/** What a module provides for an owned record; every call is scoped to the caller's organisation. */
export interface OwnedRecordService<Item extends VersionedRecord, ListItem, Create, Update, Query> {
  /** One page of the list (`limit`, `cursor` in the query), in the list's stable order: of the records the actor reaches. */
  list(ctx: AppContext, actor: Actor, query: Query): Promise<ListPage<ListItem>>;
  get(ctx: AppContext, orgId: string, id: string): Promise<Item>;
  /** `actor`: who creates it, when a request does (a farmer's new farm is assigned to them). */
  create(ctx: AppContext, orgId: string, input: Create, actor?: Actor): Promise<{ item: Item; created: boolean }>;
  /**
   * Applies the keys sent. With `ifLastModified`, only if the record still has that version (checked in the
   * UPDATE itself, see `updateOwned`), else a `RecordChangedError`.
   */
  update(ctx: AppContext, orgId: string, id: string, input: Update, condition: UpdateCondition): Promise<Item>;
  remove(ctx: AppContext, orgId: string, id: string): Promise<void>;
  /**
   * A number that changes whenever the list could change. When given, the list answers with an ETag
   * (304 to a client that already has it) and is served from memory while the number stays the same.
   */
  listVersion?(ctx: AppContext, orgId: string): Promise<number>;
}

const LIST_CACHE_BYTES = 32 * 1024 * 1024;

/** The version an update was based on, from `If-Match`; a header that is not one of our ETags is a 400 before any write. */
function updateConditionOf(ifMatch: string | undefined): UpdateCondition {
  if (ifMatch === undefined) return {};
  const ifLastModified = lastModifiedOfEtag(ifMatch);
  if (ifLastModified === undefined) {
    throw AppError.invalid(
      'If-Match',
      `If-Match must be the record's ETag: its lastModified in double quotes, such as ${lastModifiedEtag('2026-03-01T08:15:30.123Z')}.`,
    );
  }
  return { ifLastModified };
}

interface OwnedRecordRoutes<
  Item extends VersionedRecord,
  ListItem,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
> {
  /** The collection path, e.g. '/farms'; aliases answer the same. */
  paths: string[];
  tag: string;
  /** `listItem`: what the list carries of each record when it is less than the record (fields without boundaries). */
  schemas: { item: z.ZodType<Item>; listItem?: z.ZodType<ListItem>; create: CreateSchema; update: UpdateSchema; query: QuerySchema };
  service: OwnedRecordService<Item, ListItem, z.output<CreateSchema>, z.output<UpdateSchema>, z.output<QuerySchema>>;
  /** Also `POST <path>/batch`: many creates in one request, each answered on its own (a phone's offline queue). */
  batch?: boolean;
  /** The largest create body, when a record carries more than JSON usually does (a visit's photos). */
  createBodyLimitBytes?: number;
  /** What the policy calls reading, creating, editing and deleting this kind, and the kind `:id` names. */
  access: { record: RecordKind; read: Action; create: Action; edit: Action; delete: Action };
}

/** Creates in one batch request: enough to empty a phone's queue in few requests, few enough to answer in well under a second. */
export const MAX_BATCH_ITEMS = 200;

const batchBodySchema = z.strictObject({
  items: z.array(z.unknown()).min(1, 'Send at least one item.').max(MAX_BATCH_ITEMS, `Send at most ${MAX_BATCH_ITEMS} items at once.`),
});

const itemErrorSchema = z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() });

/** What a batch answers for one item: its id, the status the single create would have answered, and the record or the error. */
interface BatchItemResult<Item> {
  id: string | null;
  status: number;
  data?: Item;
  error?: z.infer<typeof itemErrorSchema>;
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';

/**
 * One item of a batch, created through the same service function as a single create (so every rule of the kind
 * applies), and answered as that create would be: 201 made, 200 already there (a replay of its client id), or the
 * error's status and message. Each item needs its client id, so that sending the batch again creates nothing twice.
 */
async function createBatchItem<Item, Create>(
  raw: unknown,
  schema: z.ZodType<Create>,
  create: (input: Create) => Promise<{ item: Item; created: boolean }>,
  log: FastifyBaseLogger,
): Promise<BatchItemResult<Item>> {
  const given = (raw as { id?: unknown } | null)?.id;
  const id = typeof given === 'string' ? given : null;
  const invalid = (message: string, details?: unknown) => ({ id, status: 400, error: { code: 'VALIDATION_FAILED', message, details } });
  if (id === null) return invalid('Each item needs its client id (a UUID) in "id", so that sending it again creates it once.');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ path: issue.path.join('.') || 'item', message: issue.message }));
    return invalid(problems[0]!.message, problems);
  }
  try {
    const { item, created } = await create(parsed.data);
    return { id, status: created ? 201 : 200, data: item };
  } catch (error) {
    if (error instanceof AppError)
      return { id, status: error.statusCode, error: { code: error.code, message: error.message, details: error.details } };
    log.error({ err: error, itemId: id }, 'batch item failed');
    return { id, status: 500, error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } };
  }
}

const idParams = z.strictObject({ id: z.uuid({ message: 'The id in the path must be a UUID.' }) });

/**
 * The five routes of an owned record (six with `batch`): list (a page at a time: `{data, page: {limit, nextCursor}}`), read, create
 * (idempotent on a client id: 201 new, 200 replay), update (only the keys sent), delete (204). Responses carry
 * the record or the page's records in `data`.
 *
 * A record's answers (read, create, update) carry `ETag: "<lastModified>"`. An update sent with that value in
 * `If-Match` is applied only if the record still has that version; otherwise 409 `RECORD_CHANGED` with the current
 * record in `details.current`. Without `If-Match` the last write wins (the web app always sends it).
 *
 * `POST <path>/batch` `{ items }` (at most 200) answers 200 `{ results: [{ id, status, data?, error? }] }`, one per
 * item in the order sent: each item is created as `POST <path>` would create it, and one item's refusal does not
 * refuse the others.
 */
export function registerOwnedRecordRoutes<
  Item extends VersionedRecord,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
  QuerySchema extends z.ZodType,
  ListItem = Item,
>(
  parent: FastifyInstance,
  ctx: AppContext,
  {
    paths,
    tag,
    schemas,
    service,
    batch = false,
    access,
    createBodyLimitBytes,
  }: OwnedRecordRoutes<Item, ListItem, CreateSchema, UpdateSchema, QuerySchema>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const base = { tags: [tag], security: [{ bearerAuth: [] }] };
  const one = z.object({ data: schemas.item });
  const listPage = z.object({ data: z.array(schemas.listItem ?? schemas.item), page: pageSchema });
  const { record } = access;
  const reading = guarded(ctx, { action: access.read, record });
  const creating = guarded(ctx, { action: access.create, record });
  const editing = guarded(ctx, { action: access.edit, record });
  const deleting = guarded(ctx, { action: access.delete, record });
  const listCache = new VersionedCache<string>(LIST_CACHE_BYTES);
  if (batch) {
    const batchResults = z.object({
      results: z.array(
        z.object({ id: z.string().nullable(), status: z.number().int(), data: schemas.item.optional(), error: itemErrorSchema.optional() }),
      ),
    });
    // No POST route takes an id, so "batch" is never read as one.
    app.post(
      `${paths[0]}/batch`,
      { ...creating, schema: { ...base, body: batchBodySchema, response: { 200: batchResults } } },
      async (request) => {
        const actor = authOf(request);
        const { orgId } = actor;
        const create = schemas.create as z.ZodType<z.output<CreateSchema>>;
        // One after another, in the order sent: the order a farmer logged them can matter (a daily total). Each item
        // in the service's own transaction, as a single create: a kind's rules may lock rows for their checks.
        const results: BatchItemResult<Item>[] = [];
        for (const raw of request.body.items) {
          const createInReach = async (input: z.output<CreateSchema>) => {
            // Each item names its own field (or farm): the policy checks each as the single create's route would.
            await requireNamedInReach(ctx, actor, { action: access.create, record }, input, true);
            return service.create(ctx, orgId, input);
          };
          results.push(await createBatchItem(raw, create, createInReach, request.log));
        }
        return { results };
      },
    );
  }
  for (const path of paths) {
    app.get(
      path,
      { ...reading, schema: { ...base, querystring: schemas.query, response: { 200: listPage } } },
      async (request, typedReply) => {
        // This route also answers 304 and pre-serialized bodies, which the typed reply does not describe.
        const reply = typedReply as unknown as FastifyReply;
        const actor = authOf(request);
        const { orgId } = actor;
        const query = request.query as z.output<QuerySchema>;
        if (!service.listVersion) return service.list(ctx, actor, query);
        const version = await service.listVersion(ctx, orgId);
        // The parsed query holds the page (limit, cursor), the view and any filter, with defaults filled in; a farmer's
        // or agronomist's list holds their farms only, so theirs is kept apart from the organisation's.
        const queryKey = `${reachKey(actor, access.read)}|${JSON.stringify(query)}`;
        if (answeredNotModified(request, reply, { orgId, version, key: queryKey })) return reply;
        const key = `${path}|${orgId}|${queryKey}`;
        let body = listCache.get(key, version);
        if (body === undefined) {
          body = JSON.stringify(await service.list(ctx, actor, query));
          listCache.set(key, version, body);
        }
        return reply.type('application/json; charset=utf-8').send(body);
      },
    );
    app.get(`${path}/:id`, { ...reading, schema: { ...base, params: idParams, response: { 200: one } } }, async (request, reply) => {
      const item = await service.get(ctx, authOf(request).orgId, request.params.id);
      return reply.header('etag', lastModifiedEtag(item.lastModified)).send({ data: item });
    });
    const createLimit = createBodyLimitBytes ? { bodyLimit: createBodyLimitBytes } : {};
    app.post(
      path,
      { ...creating, ...createLimit, schema: { ...base, body: schemas.create, response: { 200: one, 201: one } } },
      async (request, reply) => {
        const { item, created } = await service.create(ctx, authOf(request).orgId, request.body as z.output<CreateSchema>, authOf(request));
        return reply
          .status(created ? 201 : 200)
          .header('etag', lastModifiedEtag(item.lastModified))
          .send({ data: item });
      },
    );
    app.put(
      `${path}/:id`,
      { ...editing, schema: { ...base, params: idParams, body: schemas.update, response: { 200: one } } },
      async (request, reply) => {
        const { orgId } = authOf(request);
        const { id } = request.params;
        const condition = updateConditionOf(request.headers['if-match']);
        let item: Item;
        try {
          item = await service.update(ctx, orgId, id, request.body as z.output<UpdateSchema>, condition);
        } catch (error) {
          if (!(error instanceof RecordChangedError) || error.details !== undefined) throw error;
          // The record as GET /:id answers it now, for the client to review: read after the refused update (404 if
          // it is gone since), and shaped by the same schema as that answer.
          throw new RecordChangedError(schemas.item.parse(await service.get(ctx, orgId, id)));
        }
        return reply.header('etag', lastModifiedEtag(item.lastModified)).send({ data: item });
      },
    );
    app.delete(
      `${path}/:id`,
      { ...deleting, schema: { ...base, params: idParams, response: { 204: z.null() } } },
      async (request, reply) => {
        await service.remove(ctx, authOf(request).orgId, request.params.id);
        return reply.status(204).send(null);
      },
    );
  }
}
