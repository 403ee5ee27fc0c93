import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, startTestApp, TWILIO_UNREACHABLE_ENV, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { readOutboxMessage } from '../../mail/mailer.ts';
import { INVITATION_TTL_MS, MAX_FAILED_CODES } from './invitations.service.ts';

/**
 * Invitations on the real app and database. Nothing leaves: no job runs, so each e-mail and SMS is read from its outbox,
 * where the message waits with the link (and for SMS the code).
 */
let t: TestApp;
let owner: TestAccount;
const PHONE = '+263771234567';

beforeAll(async () => {
  t = await startTestApp({
    env: TWILIO_UNREACHABLE_ENV,
  });
  owner = await registerAccount(t.app);
});
afterAll(() => t.close());

const invite = (payload: object, who = owner) => as(who, t.app, { method: 'POST', url: '/api/organisation/invitations', payload });
const accept = (who: TestAccount, payload: object) => as(who, t.app, { method: 'POST', url: '/api/invitations/accept', payload });
const preview = (query: string) => t.app.inject({ method: 'GET', url: `/api/invitations/preview?${query}` });

/** The invitations e-mailed to `to`, newest first, opened. */
async function emailsTo(to: string): Promise<string[]> {
  const rows = await t.ctx.database.db
    .selectFrom('emailOutbox')
    .select('id')
    .where('toAddress', '=', to)
    .where('subject', 'like', '%invites you%')
    .orderBy('createdAt', 'desc')
    .execute();
  return Promise.all(rows.map(async (row) => (await readOutboxMessage(t.ctx.database, t.ctx.config.jwtSecret, row.id)) ?? ''));
}
const tokenIn = (text: string) => /\/invitation\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;

describe('invitations by e-mail', () => {
  it('lets the invitee join once with the role, and refuses the link again', async () => {
    const invitee = await registerAccount(t.app);
    const made = await invite({ role: 'agronomist', email: invitee.email, name: 'Tendai' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ role: 'agronomist', email: invitee.email, state: 'pending' });
    const [email] = await emailsTo(invitee.email);
    expect(email).toContain('invites you to join');
    const token = tokenIn(email!);

    const shown = await preview(`token=${token}`);
    expect(shown.json().data).toMatchObject({ role: 'agronomist', needsCode: false });

    const joined = await accept(invitee, { token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().user.organisation).toMatchObject({ id: owner.orgId, role: 'agronomist' });
    const again = await accept(invitee, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain('invalid, used or expired');
    const listed = (await as(owner, t.app, { method: 'GET', url: '/api/organisation/invitations' })).json().data;
    expect(listed.map((i: { id: string }) => i.id)).not.toContain(made.json().data.id);

    // The audit trail: who invited them and when they accepted; who made them a member, and when their role changed.
    const history = async (recordId: string) =>
      (await as(owner, t.app, { method: 'GET', url: `/api/audit?recordId=${recordId}` })).json().data as {
        action: string;
        recordKind: string;
        changedKeys: string[];
        person: { userId: string } | null;
      }[];
    expect(await history(made.json().data.id)).toEqual([
      expect.objectContaining({
        action: 'changed',
        recordKind: 'invitations',
        changedKeys: ['acceptedAt'],
        person: expect.objectContaining({ userId: invitee.userId }),
      }),
      expect.objectContaining({ action: 'created', recordKind: 'invitations', person: expect.objectContaining({ userId: owner.userId }) }),
    ]);
    const changed = await as(owner, t.app, {
      method: 'PUT',
      url: `/api/organisation/members/${invitee.userId}`,
      payload: { role: 'farmer' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await history(invitee.userId)).map((line) => [line.action, line.recordKind, line.changedKeys, line.person?.userId])).toEqual([
      ['changed', 'memberships', ['role'], owner.userId],
      ['created', 'memberships', [], invitee.userId],
    ]);
  });

  it('refuses an expired link and a forged one, and says nothing of the organisation for them', async () => {
    const invitee = await registerAccount(t.app);
    await invite({ role: 'viewer', email: invitee.email });
    const token = tokenIn((await emailsTo(invitee.email))[0]!);
    expect((await preview(`token=${'x'.repeat(43)}`)).statusCode).toBe(400);
    expect((await accept(invitee, { token: `${token.slice(0, -2)}xx` })).statusCode).toBe(400);
    t.clock.offsetMs += INVITATION_TTL_MS + 60_000;
    try {
      const late = await preview(`token=${token}`);
      expect(late.statusCode).toBe(400);
      expect(late.body).not.toContain('viewer');
      // A week on, the invitee signs in again (their session has ended too) and still cannot join.
      const session = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: invitee.email, password: invitee.password },
      });
      const now = { ...invitee, headers: { authorization: `Bearer ${session.json().access_token}` } };
      expect((await accept(now, { token })).statusCode).toBe(400);
    } finally {
      t.clock.offsetMs -= INVITATION_TTL_MS + 60_000;
    }
  });

  it('sent again, the earlier link stops working; withdrawn, none does', async () => {
    const invitee = await registerAccount(t.app);
    const made = (await invite({ role: 'farmer', email: invitee.email })).json().data;
    const first = tokenIn((await emailsTo(invitee.email))[0]!);
    const resent = await as(owner, t.app, { method: 'POST', url: `/api/organisation/invitations/${made.id}/resend` });
    expect(resent.json().data.sendCount).toBe(2);
    const second = tokenIn((await emailsTo(invitee.email))[0]!);
    expect(second).not.toBe(first);
    expect((await preview(`token=${first}`)).statusCode).toBe(400);
    expect((await preview(`token=${second}`)).statusCode).toBe(200);
    expect((await as(owner, t.app, { method: 'DELETE', url: `/api/organisation/invitations/${made.id}` })).statusCode).toBe(204);
    expect((await accept(invitee, { token: second })).statusCode).toBe(400);
  });

  it('sent twice with one id (the answer lost), makes one invitation and one e-mail', async () => {
    const invitee = await registerAccount(t.app);
    const id = crypto.randomUUID();
    const first = await invite({ id, role: 'farmer', email: invitee.email });
    const second = await invite({ id, role: 'farmer', email: invitee.email });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.id).toBe(id);
    expect(await emailsTo(invitee.email)).toHaveLength(1);
  });

  it('refuses to invite a member, or someone invited already', async () => {
    const member = await registerAccount(t.app);
    await invite({ role: 'farmer', email: member.email });
    await accept(member, { token: tokenIn((await emailsTo(member.email))[0]!) });
    const again = await invite({ role: 'viewer', email: member.email });
    expect(again.json().error.message).toBe('This person is already a member of the organisation.');
    await invite({ role: 'viewer', email: 'someone.new@example.org' });
    const twice = await invite({ role: 'viewer', email: 'someone.new@example.org' });
    expect(twice.json().error.message).toBe('They are invited already: send that invitation again instead.');
  });

  it('is for owners and managers to send: an agronomist is refused', async () => {
    const agronomist = await registerAccount(t.app);
    await invite({ role: 'agronomist', email: agronomist.email });
    const session = (await accept(agronomist, { token: tokenIn((await emailsTo(agronomist.email))[0]!) })).json();
    const asAgronomist = { ...agronomist, headers: { authorization: `Bearer ${session.access_token}` } };
    expect((await invite({ role: 'farmer', email: 'x@example.org' }, asAgronomist)).statusCode).toBe(403);
  });
});

describe('invitations by SMS', () => {
  const smsTo = async (phone: string) =>
    t.ctx.database.db
      .selectFrom('smsOutbox')
      .select(['body', 'status'])
      .where('toPhone', '=', phone)
      .orderBy('createdAt', 'desc')
      .execute();

  it('sends a short link and a code that let the farmer join; wrong codes wear the invitation out', async () => {
    const made = await invite({ role: 'farmer', phone: '077 123 4567' });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.phone).toBe(PHONE);
    const [sms] = await smsTo(PHONE);
    expect(sms!.body.length).toBeLessThanOrEqual(160);
    const [, slug, code] = /\/i\/([A-Za-z0-9_-]+) and enter code (\d{6})/.exec(sms!.body)!;
    expect((await preview(`slug=${slug}`)).json().data).toMatchObject({ role: 'farmer', needsCode: true });
    const farmer = await registerAccount(t.app);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await accept(farmer, { slug, code: wrong })).statusCode).toBe(400);
    const joined = await accept(farmer, { slug, code });
    expect(joined.json().user.organisation).toMatchObject({ id: owner.orgId, role: 'farmer' });

    const other = await invite({ role: 'farmer', phone: '077 765 4321' });
    expect(other.statusCode).toBe(201);
    const [otherSms] = await smsTo('+263777654321');
    const [, otherSlug, otherCode] = /\/i\/([A-Za-z0-9_-]+) and enter code (\d{6})/.exec(otherSms!.body)!;
    const guesser = await registerAccount(t.app);
    const bad = otherCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_FAILED_CODES; i += 1) await accept(guesser, { slug: otherSlug, code: bad });
    expect((await accept(guesser, { slug: otherSlug, code: otherCode })).statusCode).toBe(400);
  });

  it('is not sent to a number that texted STOP, and nothing is kept', async () => {
    const stopped = '+263771112233';
    await t.ctx.database.db.insertInto('smsOptOuts').values({ phone: stopped }).execute();
    const refused = await invite({ role: 'farmer', phone: stopped });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('texted STOP');
    expect(await smsTo(stopped)).toEqual([]);
    const kept = await t.ctx.database.db.selectFrom('invitations').select('id').where('phone', '=', stopped).execute();
    expect(kept).toEqual([]);
  });
});
