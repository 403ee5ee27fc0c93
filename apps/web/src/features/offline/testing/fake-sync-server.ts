import { ApiError } from '../../../lib/api/client.ts';
import type { SyncRequest } from '../sync-actions.ts';
import type { SyncAnswer } from '../sync-engine.ts';

/** What happens to one request on the way: it arrives and is answered, or is lost before or after the server did the work. */
export type Fate = 'deliver' | 'lose-request' | 'lose-answer';

type StoredRecord = Record<string, unknown> & { id: string; lastModified: string };

/**
 * The API's offline-write routes in memory, for the engine's tests: creates idempotent on the client id (201 made, 200
 * already there with the stored record), batches answered item by item, updates versioned with If-Match (409 with the
 * current record, 404 when it is gone), a child refused with 404 while its field is unknown. `fate` decides each
 * request's fate; `before` can hold a request until the test lets it through. Counts what the server applied.
 */
export function fakeSyncServer(options: { fate?: (request: SyncRequest) => Fate; before?: (request: SyncRequest) => Promise<void> } = {}) {
  const records = new Map<string, StoredRecord>();
  const requests: SyncRequest[] = [];
  const applied = { creates: 0, replays: 0, updates: 0 };
  let version = 0;
  const nextVersion = () => new Date(Date.UTC(2026, 10, 1) + (version += 1)).toISOString();

  function create(body: Record<string, unknown>): { status: number; data?: StoredRecord; error?: { code: string; message: string } } {
    const id = String(body.id);
    const stored = records.get(id);
    if (stored) {
      applied.replays += 1;
      return { status: 200, data: stored };
    }
    if (typeof body.fieldId === 'string' && !records.has(body.fieldId)) {
      return { status: 404, error: { code: 'NOT_FOUND', message: 'Field not found.' } };
    }
    const record = { ...body, id, lastModified: nextVersion() };
    records.set(id, record);
    applied.creates += 1;
    return { status: 201, data: record };
  }

  function handle(request: SyncRequest): SyncAnswer {
    const id = request.path.split('/')[3];
    if (request.method === 'POST' && request.path.endsWith('/batch')) {
      const items = (request.body as { items: Record<string, unknown>[] }).items;
      return { status: 200, body: { results: items.map((item) => ({ id: item.id, ...create(item) })) } };
    }
    if (request.method === 'POST') {
      const result = create(request.body as Record<string, unknown>);
      if (result.error) throw new ApiError(result.status, result.error.message, result.error.code);
      return { status: result.status, body: { data: result.data } };
    }
    const record = id ? records.get(id) : undefined;
    if (!record) throw new ApiError(404, 'Field not found.', 'NOT_FOUND');
    if (request.method === 'GET') return { status: 200, body: { data: record } };
    if (request.basedOn !== undefined && request.basedOn !== record.lastModified) {
      throw new ApiError(409, 'This record was changed since you opened it.', 'RECORD_CHANGED', [], { current: record });
    }
    const updated = { ...record, ...(request.body as Record<string, unknown>), lastModified: nextVersion() };
    records.set(record.id, updated);
    applied.updates += 1;
    return { status: 200, body: { data: updated } };
  }

  async function send(request: SyncRequest): Promise<SyncAnswer> {
    requests.push(request);
    await options.before?.(request);
    const fate = options.fate?.(request) ?? 'deliver';
    if (fate === 'lose-request') throw new ApiError(0, 'no answer');
    let answer: SyncAnswer;
    try {
      answer = handle(request);
    } catch (error) {
      if (fate === 'lose-answer') throw new ApiError(0, 'no answer');
      throw error;
    }
    if (fate === 'lose-answer') throw new ApiError(0, 'no answer');
    return answer;
  }

  return { records, requests, applied, send };
}
