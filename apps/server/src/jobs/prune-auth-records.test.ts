import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount, startTestApp, type TestApp } from '../../test/harness.ts';
import { pruneAuthRecords } from './prune-auth-records.job.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('pruning sign-in records', () => {
  it('drops old rate-limit counters, long-expired e-mail links and expired revocations, and keeps the rest', async () => {
    const account = await registerAccount(t.app);
    const db = t.ctx.database.db;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000);
    await db
      .insertInto('authAttempts')
      .values([
        { kind: 'login-failure-account', subject: 'old', createdAt: daysAgo(2) },
        { kind: 'login-failure-account', subject: 'recent', createdAt: daysAgo(0.01) },
      ])
      .execute();
    await db
      .insertInto('userTokens')
      .values([
        { userId: account.userId, purpose: 'reset-password', tokenHash: 'old-link', expiresAt: daysAgo(31) },
        { userId: account.userId, purpose: 'reset-password', tokenHash: 'fresh-link', expiresAt: daysAgo(-1) },
      ])
      .execute();
    await db
      .insertInto('revokedTokens')
      .values([
        { tokenId: 'expired', expiresAt: daysAgo(1) },
        { tokenId: 'live', expiresAt: daysAgo(-1) },
      ])
      .execute();

    const removed = await pruneAuthRecords(t.ctx.database, now);

    expect(removed).toMatchObject({ userTokens: 1, revokedTokens: 1 });
    expect(removed.authAttempts).toBeGreaterThanOrEqual(1);
    expect(
      (await db.selectFrom('authAttempts').select('subject').where('kind', '=', 'login-failure-account').execute()).map((r) => r.subject),
    ).toEqual(['recent']);
    const links = (await db.selectFrom('userTokens').select('tokenHash').execute()).map((r) => r.tokenHash);
    expect(links).toContain('fresh-link');
    expect(links).not.toContain('old-link');
    expect((await db.selectFrom('revokedTokens').select('tokenId').execute()).map((r) => r.tokenId)).toEqual(['live']);
  });

  it('empties the bodies of e-mails whose links have all expired, never sent or not', async () => {
    const account = await registerAccount(t.app);
    const db = t.ctx.database.db;
    const now = new Date();
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
    await db
      .insertInto('emailOutbox')
      .values([
        { toAddress: account.email, subject: 'stale sealed', sealedBody: 'v1.sealed', createdAt: hoursAgo(49) },
        { toAddress: account.email, subject: 'stale plain', textBody: 'a link', createdAt: hoursAgo(72) },
        { toAddress: account.email, subject: 'fresh', sealedBody: 'v1.sealed', createdAt: hoursAgo(47) },
      ])
      .execute();

    const removed = await pruneAuthRecords(t.ctx.database, now);

    expect(removed.emailBodies).toBe(2);
    const rows = await db
      .selectFrom('emailOutbox')
      .select(['subject', 'sealedBody', 'textBody'])
      .where('toAddress', '=', account.email)
      .execute();
    const bySubject = Object.fromEntries(rows.map((row) => [row.subject, row.sealedBody ?? row.textBody]));
    expect(bySubject).toMatchObject({ 'stale sealed': null, 'stale plain': null, fresh: 'v1.sealed' });
    // The registration's own confirmation e-mail is minutes old: its link still works, so it is kept.
    expect(rows.find((row) => row.subject.startsWith('Confirm'))?.sealedBody).toMatch(/^v1\./);
  });

  it('is scheduled daily on the job queue', async () => {
    const schedules = await t.ctx.database.executeSql("select name, cron from pgboss.schedule where name = 'prune-auth-records'");
    expect(schedules.rows).toEqual([{ name: 'prune-auth-records', cron: '17 3 * * *' }]);
  });
});
