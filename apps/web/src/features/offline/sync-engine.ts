import type { OfflineDb, SyncAction, SyncQueueItem } from '../../lib/offline-db.ts';
import { ApiError } from '../../lib/api/client.ts';
import {
  blockingWrites,
  markFailed,
  markWrite,
  queuedItems,
  rebaseOnOwnWrite,
  recordIdOf,
  releaseWaiting,
  rememberUnanswered,
  settleSent,
} from './outbox.ts';
import { actionDefinition, batchRequest, isKnownAction, parentOf, syncRequest, type SyncRequest } from './sync-actions.ts';

/** How a sync pass ended. */
export type SyncPassResult =
  | { status: 'done'; sent: number }
  /** Another tab holds the sync; it sends this tab's writes too (they share the queue). */
  | { status: 'busy' }
  /** No answer from the server: the rest waits for the next pass (the 5 s poll or going online). */
  | { status: 'unreachable'; sent: number }
  /** The session ended (or is another person's): nothing more is sent until the person signs in again; nothing is dropped. */
  | { status: 'signed-out'; sent: number };

/** A server's answer to a sync request: its status (201 made, 200 already there) and its JSON body. */
export interface SyncAnswer {
  status: number;
  body: unknown;
}

export interface SyncDeps {
  db: () => Promise<OfflineDb | null>;
  /** The person signed in now: only their writes are sent, and under their session only. */
  person: () => string | null;
  /** Sends a request, giving up after `timeoutMs` (an ApiError with status 0); a refusal is an ApiError. */
  send: (request: SyncRequest, timeoutMs: number) => Promise<SyncAnswer>;
  /** Runs `task` while holding the sync lock shared by every tab, or answers `undefined` when another tab holds it. */
  withLock: <T>(task: () => Promise<T>) => Promise<T | undefined>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Told of each write the server took. */
  onSent?: (item: SyncQueueItem) => void;
  /** Told when a pass starts with writes to send, and how many. */
  onStart?: (count: number) => void;
}

/** Waits between attempts after an answered failure (5xx, 429): 1 s, then 2 s (spec §9: 3 attempts). */
export const RETRY_BACKOFF_MS = [1000, 2000];
/**
 * No answer at all (the request or its answer lost on the way): tried again with a short growing wait. It does not
 * count as an attempt of the write: the write did nothing wrong, and the server's idempotence makes the repeat
 * harmless. This many unanswered requests in a row, whatever they carried, end the pass until the next one: at one
 * request in two lost, ten in a row happen about once in a thousand.
 */
export const UNREACHABLE_TRIES = 10;
const UNREACHABLE_BACKOFF_MS = (tries: number) => Math.min(200 * 2 ** tries, 5000);
/** Requests under way at once: enough to keep a slow line busy while one waits, few enough for a cheap phone. */
export const MAX_IN_FLIGHT = 3;
/** Creates of one kind sent in one request (the server takes up to 200). */
export const BATCH_SIZE = 100;

/**
 * The slowest upload a request's body is given time for, bytes per millisecond (16 KB/s: a 2G EDGE uplink, the
 * worst a farmer's phone keeps a session on). A visit with three photos (~900 KB as sent) gets about a minute more
 * than the round trip: without it, a timeout fitted to small writes would cut every photo upload short and send it
 * again for ever.
 */
const SLOWEST_UPLOAD_BYTES_PER_MS = 16;

/**
 * Timeouts fitted to the measured round trip: four times the slowest of the last 20 answers (their 90th percentile
 * would do on a steady line; the slowest covers a batch that takes longer than a single write), between 4 s and 30 s.
 * Before any answer, 20 s. A request that times out is sent again, which the server's idempotence makes harmless;
 * a timeout too short for the line would only send everything twice.
 */
export class RoundTripTimer {
  private readonly samplesMs: number[] = [];

  constructor(
    private readonly initialMs = 20_000,
    private readonly floorMs = 4000,
    private readonly ceilingMs = 30_000,
  ) {}

  record(ms: number): void {
    this.samplesMs.push(ms);
    if (this.samplesMs.length > 20) this.samplesMs.shift();
  }

  /** The timeout of a request: the round trip's, and time to upload `bodyBytes` on the slowest line. */
  timeoutMs(bodyBytes = 0): number {
    const uploadMs = bodyBytes / SLOWEST_UPLOAD_BYTES_PER_MS;
    const roundTripMs =
      this.samplesMs.length === 0 ? this.initialMs : Math.min(this.ceilingMs, Math.max(this.floorMs, 4 * Math.max(...this.samplesMs)));
    // Whole milliseconds: `AbortSignal.timeout` refuses a fraction in some runtimes.
    return Math.round(roundTripMs + uploadMs);
  }
}

/**
 * Sends the queued writes in the order they were made, one pass at a time: one pass in this tab, and one across tabs
 * (the lock). Creates of a kind go in batches, a few requests at once; a record's create goes before the writes that
 * belong to it. Each write ends one way: sent (removed, or its newer edit sent after it), a conflict (the server's
 * record kept beside it for the person to choose), deleted elsewhere (the person chooses), waiting for the record it
 * belongs to, or failed with a reason after its attempts (kept, to retry or discard). None is dropped.
 */
export class SyncEngine {
  private running: Promise<SyncPassResult> | null = null;
  private syncingNow = false;
  private readonly listeners = new Set<() => void>();
  private readonly timer = new RoundTripTimer();
  /** Per record, the version this tab's last write made: a refusal on that version is no one else's change. */
  private readonly ownVersions = new Map<string, string>();

  constructor(private readonly deps: SyncDeps) {}

  /** Whether this tab is sending right now. */
  get syncing(): boolean {
    return this.syncingNow;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts a pass, or joins the one running in this tab. */
  sync(): Promise<SyncPassResult> {
    this.running ??= this.deps
      .withLock(() => this.pass())
      .then((result) => result ?? { status: 'busy' as const })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private setSyncing(value: boolean) {
    this.syncingNow = value;
    for (const listener of this.listeners) listener();
  }

  private async pass(): Promise<SyncPassResult> {
    const db = await this.deps.db();
    if (!db) return { status: 'done', sent: 0 };
    await releaseWaiting(db);
    const items = await queuedItems(db);
    const due = items.filter((item) => item.state === 'pending');
    if (due.length === 0) return { status: 'done', sent: 0 };
    const person = this.deps.person();
    // Never under another person's session: their writes wait for them to sign in again.
    const mine = due.filter((item) => item.personId === person);
    if (mine.length === 0) return { status: 'signed-out', sent: 0 };
    this.deps.onStart?.(mine.length);
    this.setSyncing(true);
    try {
      return await new SyncPass(this.deps, this.timer, this.ownVersions, db, items).run(mine);
    } finally {
      this.setSyncing(false);
    }
  }
}

/** Writes sent in one request: a batch of creates of one kind, or a single write. */
interface Unit {
  action: SyncAction;
  items: SyncQueueItem[];
  batched: boolean;
}

const worthRetrying = (status: number) => status >= 500 || status === 429 || status === 408;
const backoffAfter = (attempts: number) => RETRY_BACKOFF_MS[attempts - 1] ?? RETRY_BACKOFF_MS.at(-1)!;
const recordOf = (body: unknown): Record<string, unknown> | undefined => {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
};

interface ItemResult {
  id: string | null;
  status: number;
  data?: Record<string, unknown>;
  error?: { code?: string; message?: string };
}

/** One pass over the queue: its units under way, what is left, and why it stopped. */
class SyncPass {
  private sent = 0;
  private stop: 'unreachable' | 'signed-out' | null = null;
  private failure: unknown = null;
  /** Unanswered requests in a row, whichever unit sent them. */
  private unansweredInRow = 0;
  private remaining: SyncQueueItem[] = [];
  /** Records whose create is queued and not yet on the server: the writes that belong to them wait. */
  private readonly unsentParents = new Set<string>();

  constructor(
    private readonly deps: SyncDeps,
    private readonly timer: RoundTripTimer,
    private readonly ownVersions: Map<string, string>,
    private readonly db: OfflineDb,
    private readonly all: SyncQueueItem[],
  ) {}

  async run(due: SyncQueueItem[]): Promise<SyncPassResult> {
    const blocking = blockingWrites(this.all);
    for (const item of due) {
      if (!isKnownAction(item.action)) {
        // A kind of write this version cannot send (kept by another version): shown as not sent, the rest goes on.
        await markFailed(this.db, item, {
          reasonCode: 'UNKNOWN_ACTION',
          reason: `This version of the app cannot send "${item.action}".`,
          retryCount: item.retryCount,
        });
        continue;
      }
      const parent = parentOf(item.action, item.data);
      const holder = parent ? blocking.get(parent) : undefined;
      if (parent && holder && holder.state !== 'pending') {
        await markWrite(this.db, item.id, { state: 'waiting', waitingFor: parent });
        continue;
      }
      if (holder) this.unsentParents.add(parent!);
      this.remaining.push(item);
    }
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      while (!this.stop && this.failure === null && inFlight.size < MAX_IN_FLIGHT) {
        const unit = this.nextUnit();
        if (!unit) break;
        const running: Promise<void> = this.runUnit(unit)
          .catch((error: unknown) => {
            this.failure ??= error;
          })
          .finally(() => inFlight.delete(running));
        inFlight.add(running);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight);
    }
    if (this.failure !== null) throw this.failure;
    return this.stop ? { status: this.stop, sent: this.sent } : { status: 'done', sent: this.sent };
  }

  /** A write may go once the record it belongs to is on the server (or was never queued here). */
  private ready(item: SyncQueueItem): boolean {
    const parent = parentOf(item.action, item.data);
    return !(parent && this.unsentParents.has(parent));
  }

  /** The next request to send: the oldest ready write, with the ready writes of its kind after it when it is batched. */
  private nextUnit(): Unit | null {
    const index = this.remaining.findIndex((item) => this.ready(item));
    if (index < 0) return null;
    const first = this.remaining[index]!;
    const { batched } = actionDefinition(first.action);
    const items = [first];
    if (batched) {
      for (let next = index + 1; next < this.remaining.length && items.length < BATCH_SIZE; next++) {
        const item = this.remaining[next]!;
        if (item.action === first.action && this.ready(item)) items.push(item);
      }
    }
    const taken = new Set(items);
    this.remaining = this.remaining.filter((item) => !taken.has(item));
    return { action: first.action, items, batched };
  }

  private async runUnit(unit: Unit): Promise<void> {
    let attempts = Math.max(...unit.items.map((item) => item.retryCount));
    let unanswered = 0;
    for (let attempt = 0; ; attempt++) {
      if (this.stop) return;
      // Tried again: as the writes stand now (an edit made meanwhile goes with it; a discarded one does not go).
      if (attempt > 0) unit = { ...unit, items: await this.stillPending(unit.items) };
      if (unit.items.length === 0) return;
      const [single] = unit.items;
      const request = unit.batched
        ? batchRequest(
            unit.action,
            unit.items.map((item) => item.data),
            single!.personId,
          )
        : syncRequest(unit.action, single!.data, single!.personId);
      const startedAt = this.deps.now();
      try {
        const answer = await this.deps.send(
          request,
          this.timer.timeoutMs(request.body === undefined ? 0 : JSON.stringify(request.body).length),
        );
        this.answered(startedAt);
        if (unit.batched) await this.settleBatch(unit.items, answer);
        else await this.settleOne(single!, answer.status, recordOf(answer.body));
        return;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 0) {
          for (const item of unit.items) await rememberUnanswered(this.db, item);
          unanswered += 1;
          this.unansweredInRow += 1;
          if (this.unansweredInRow >= UNREACHABLE_TRIES) {
            this.stop ??= 'unreachable';
            return;
          }
          await this.deps.sleep(UNREACHABLE_BACKOFF_MS(unanswered));
          continue;
        }
        this.answered(startedAt);
        if (error.status === 401) {
          this.stop = 'signed-out';
          return;
        }
        if (!unit.batched && (await this.refusedOne(single!, error))) return;
        attempts += 1;
        if (!worthRetrying(error.status) || attempts >= single!.maxRetries) {
          for (const item of unit.items) await this.failed(item, { reason: error.message, errorCode: error.code, retryCount: attempts });
          return;
        }
        for (const item of unit.items) await markWrite(this.db, item.id, { retryCount: attempts });
        await this.deps.sleep(backoffAfter(attempts));
      }
    }
  }

  /** Remembers the version a write of this tab made (a bounded number of records, the oldest forgotten first). */
  private remember(recordId: string, version: string) {
    this.ownVersions.delete(recordId);
    this.ownVersions.set(recordId, version);
    if (this.ownVersions.size > 1000) this.ownVersions.delete(this.ownVersions.keys().next().value!);
  }

  private async stillPending(items: SyncQueueItem[]): Promise<SyncQueueItem[]> {
    const now = await this.db.syncQueue.bulkGet(items.map((item) => item.id));
    return now.filter((item): item is SyncQueueItem => item?.state === 'pending');
  }

  private answered(startedAt: number) {
    this.unansweredInRow = 0;
    this.timer.record(this.deps.now() - startedAt);
  }

  /** The server took a write: done, or its newer edit goes next in this pass. */
  private async taken(item: SyncQueueItem, answer: Record<string, unknown> | undefined, created?: boolean) {
    const next = await settleSent(this.db, item, answer, created);
    const recordId = recordIdOf(item);
    this.unsentParents.delete(recordId);
    // Only records edited offline (fields) are ever refused for their version.
    const editable = actionDefinition(item.action).kind === 'update' || actionDefinition(item.action).updateAction !== undefined;
    if (editable && typeof answer?.lastModified === 'string') this.remember(recordId, answer.lastModified);
    if (next) {
      this.remaining.unshift(next);
      return;
    }
    this.sent += 1;
    this.deps.onSent?.(item);
  }

  /** A write refused for good: failed with the reason, and the writes that belong to it wait for it. */
  private async failed(item: SyncQueueItem, outcome: { reason: string; errorCode?: string; retryCount: number }) {
    await markFailed(this.db, item, outcome);
    await this.holdBelongingTo(recordIdOf(item));
  }

  /** The writes of this pass that belong to `recordId` wait for it (its create failed, or it was deleted elsewhere). */
  private async holdBelongingTo(recordId: string) {
    this.unsentParents.delete(recordId);
    const held = this.remaining.filter((item) => parentOf(item.action, item.data) === recordId);
    if (held.length === 0) return;
    this.remaining = this.remaining.filter((item) => !held.includes(item));
    for (const item of held) await markWrite(this.db, item.id, { state: 'waiting', waitingFor: recordId });
  }

  private async settleOne(item: SyncQueueItem, status: number, answer: Record<string, unknown> | undefined) {
    await this.taken(
      item,
      answer,
      status === 201 ? true : status === 200 && actionDefinition(item.action).kind === 'create' ? false : undefined,
    );
  }

  /**
   * An answered refusal of a single write that is not a plain failure: a conflict, or a record deleted on the
   * server. True when it was settled here.
   */
  private async refusedOne(item: SyncQueueItem, error: ApiError): Promise<boolean> {
    const { kind, collection } = actionDefinition(item.action);
    if (kind !== 'update') return false;
    const recordId = recordIdOf(item);
    if (error.status === 404) {
      await markWrite(this.db, item.id, { state: 'deleted', reason: error.message });
      await this.holdBelongingTo(recordId);
      return true;
    }
    if (error.code !== 'RECORD_CHANGED') return false;
    let current = currentRecordOf(error);
    if (!current) {
      // The refusal did not carry the record: read it, so that the person chooses against what the server holds.
      try {
        current =
          recordOf(
            (await this.deps.send({ method: 'GET', path: `${collection}/${recordId}`, personId: item.personId }, this.timer.timeoutMs()))
              .body,
          ) ?? null;
      } catch (readError) {
        if (readError instanceof ApiError && readError.status === 404) {
          await markWrite(this.db, item.id, { state: 'deleted', reason: readError.message });
          await this.holdBelongingTo(recordId);
          return true;
        }
        if (!(readError instanceof ApiError)) throw readError;
        // Not read this time: the write stays as it is and is asked again in the next pass.
        return true;
      }
    }
    if (!current) return true;
    const own = await rebaseOnOwnWrite(this.db, item, current, this.ownVersions.get(recordId) === current.lastModified);
    // The server's version is this device's own doing (an answer lost on the way): a later edit based on the version
    // before it is this person's too.
    if (own !== null && typeof current.lastModified === 'string') this.remember(recordId, current.lastModified);
    if (own === 'done') {
      this.sent += 1;
      this.deps.onSent?.(item);
      return true;
    }
    if (own) {
      this.remaining.unshift(own);
      return true;
    }
    await markWrite(this.db, item.id, { state: 'conflict', current, reason: error.message });
    return true;
  }

  /** Each item of a batch by its own answer: taken, waiting for its record, failed, or tried again. */
  private async settleBatch(items: SyncQueueItem[], answer: SyncAnswer) {
    const results = ((answer.body as { results?: ItemResult[] } | null)?.results ?? []) as ItemResult[];
    const byId = new Map(results.filter((result) => result.id !== null).map((result) => [result.id, result]));
    // One transaction for the whole batch: a hundred small ones cost more than the request on a phone.
    const table = this.db.table(actionDefinition(items[0]!.action).table);
    await this.db.transaction('rw', this.db.syncQueue, table, () => this.settleResults(items, byId));
  }

  private async settleResults(items: SyncQueueItem[], byId: Map<string | null, ItemResult>) {
    for (const item of items) {
      const result = byId.get(item.id);
      // An item the answer does not mention stays pending for the next pass.
      if (!result) continue;
      if (result.status === 200 || result.status === 201) {
        await this.taken(item, result.data, result.status === 201);
        continue;
      }
      const reason = result.error?.message ?? `The server refused this (${result.status}).`;
      const errorCode = result.error?.code;
      const parent = parentOf(item.action, item.data);
      if (result.status === 404 && parent && (await this.parentHeldBack(parent))) {
        await markWrite(this.db, item.id, { state: 'waiting', waitingFor: parent });
        continue;
      }
      const attempts = item.retryCount + 1;
      if (worthRetrying(result.status) && attempts < item.maxRetries) {
        await markWrite(this.db, item.id, { retryCount: attempts });
        this.remaining.push({ ...item, retryCount: attempts });
        continue;
      }
      await this.failed(item, { reason, errorCode, retryCount: attempts });
    }
  }

  /** Whether the record `parentId` is held back on this device (its create queued, or deleted on the server). */
  private async parentHeldBack(parentId: string): Promise<boolean> {
    const [create, update] = await Promise.all([this.db.syncQueue.get(parentId), this.db.syncQueue.get(`${parentId}:update`)]);
    return create !== undefined || update?.state === 'deleted';
  }
}

function currentRecordOf(error: ApiError): Record<string, unknown> | null {
  const current = (error.details as { current?: unknown } | undefined)?.current;
  return current && typeof current === 'object' ? (current as Record<string, unknown>) : null;
}
