import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database.ts';

const CHANNEL = 'field_list_changed';
const RELISTEN_DELAY_MS = 5_000;

/**
 * Each organisation's field-list version (migration 0002), kept in memory so that serving an unchanged list
 * needs no database round trip. A database trigger announces every change on `field_list_changed`; this
 * process also forgets a version itself right after its own writes, so a client never reads its own change
 * late. While the notification connection is down nothing is cached: every read asks the database.
 */
export class FieldListVersions {
  private readonly versions = new Map<string, number>();
  /** Bumped on every notification for an org, so a read that raced with a change does not cache the old value. */
  private readonly generations = new Map<string, number>();
  private listening = false;
  private stopped = false;
  private relisten: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    try {
      await this.database.listen(
        CHANNEL,
        (orgId) => this.forget(orgId),
        () => this.lost(),
      );
      this.listening = true;
    } catch (error) {
      this.log.warn({ err: error }, 'cannot listen for field-list changes; lists are read without the version cache');
      this.lost();
    }
  }

  stop(): void {
    this.stopped = true;
    this.listening = false;
    clearTimeout(this.relisten);
  }

  async get(orgId: string): Promise<number> {
    const cached = this.listening ? this.versions.get(orgId) : undefined;
    if (cached !== undefined) return cached;
    const generation = this.generations.get(orgId) ?? 0;
    const row = await this.database.db.selectFrom('organisations').select('fieldListVersion').where('id', '=', orgId).executeTakeFirst();
    const version = Number(row?.fieldListVersion ?? 0);
    if (this.listening && (this.generations.get(orgId) ?? 0) === generation) this.versions.set(orgId, version);
    return version;
  }

  /** Drop the cached version: called on each notification and after this process changes fields or farms. */
  forget(orgId: string): void {
    this.versions.delete(orgId);
    this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
  }

  private lost(): void {
    this.listening = false;
    this.versions.clear();
    if (this.stopped || this.relisten) return;
    this.log.warn('lost the field-list change notifications; listening again shortly');
    this.relisten = setTimeout(() => {
      this.relisten = undefined;
      if (!this.stopped) void this.start();
    }, RELISTEN_DELAY_MS);
    this.relisten.unref();
  }
}
