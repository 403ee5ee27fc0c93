import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { decodedBody, startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let farmer: TestAccount;
const OPERATOR = 'help@murimi.example';

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await startTestApp({ work: true, env: { SMTP_URL: smtp.url, CONTACT_EMAIL: OPERATOR } });
  farmer = await registerAccount(t.app, { name: 'Tendai Moyo' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const send = (payload: Record<string, unknown>, account = farmer) =>
  as(account, t.app, { method: 'POST', url: '/api/support/messages', payload });
const toOperator = () => smtp.received.filter((mail) => mail.to.includes(OPERATOR));

async function waitForMail(count: number) {
  const deadline = Date.now() + 15_000;
  while (toOperator().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return toOperator();
}

describe('messages to support', () => {
  it('e-mails the message to the contact address with who sent it, and once when it is sent again after a lost answer', async () => {
    const id = newId();
    const message = { id, topic: 'problem', message: 'The rain gauge entry for Mũnda wa Tendai — Chikomo will not save.' };
    const first = await send(message);
    expect(first.statusCode).toBe(201);
    // The phone never heard the answer and sends the same message again.
    const again = await send(message);
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    const mails = await waitForMail(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(toOperator()).toHaveLength(1);
    const body = decodedBody(mails[0]!.body);
    expect(body).toContain('Subject: Murimi support: Something is not working');
    expect(body).toContain(farmer.email);
    expect(body).toContain(id);
    const rows = await t.ctx.database.db.selectFrom('supportMessages').selectAll().where('userId', '=', farmer.userId).execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps nothing and sends nothing when the e-mail cannot be queued: the transaction goes whole', async () => {
    const before = await t.ctx.database.db.selectFrom('emailOutbox').select('id').where('toAddress', '=', OPERATOR).execute();
    const id = newId();
    // The job queue fails mid-write, as if the process died between the e-mail and its message row.
    const send0 = t.ctx.queue.send.bind(t.ctx.queue);
    t.ctx.queue.send = (() => Promise.reject(new Error('connection lost'))) as typeof t.ctx.queue.send;
    try {
      expect((await send({ id, topic: 'question', message: 'When will the next image of my field come?' })).statusCode).toBe(500);
    } finally {
      t.ctx.queue.send = send0;
    }
    expect(await t.ctx.database.db.selectFrom('supportMessages').select('id').where('id', '=', id).execute()).toHaveLength(0);
    const after = await t.ctx.database.db.selectFrom('emailOutbox').select('id').where('toAddress', '=', OPERATOR).execute();
    expect(after).toHaveLength(before.length);
    // Sent again once the queue is back, it is kept and e-mailed.
    expect((await send({ id, topic: 'question', message: 'When will the next image of my field come?' })).statusCode).toBe(201);
    expect(await waitForMail(2)).toHaveLength(2);
  });

  it('refuses an empty message, an unknown topic and a sixth message within the hour, with words', async () => {
    const someone = await registerAccount(t.app);
    const short = await send({ id: newId(), topic: 'question', message: '  help  ' }, someone);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Write at least a sentence, so that we can help.');
    expect((await send({ id: newId(), topic: 'complaint', message: 'A long enough message here.' }, someone)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) {
      expect((await send({ id: newId(), topic: 'question', message: `Question number ${i} about my maize.` }, someone)).statusCode).toBe(
        201,
      );
    }
    const sixth = await send({ id: newId(), topic: 'question', message: 'One more question about my maize.' }, someone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toContain('5 messages to support in the last hour');
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it("refuses another person's message id, and says so when the server has no support address", async () => {
    const id = newId();
    expect((await send({ id, topic: 'data', message: 'Please export my records.' })).statusCode).toBe(201);
    const other = await registerAccount(t.app);
    expect((await send({ id, topic: 'data', message: 'Please export my records.' }, other)).statusCode).toBe(409);
    const bare = await startTestApp();
    try {
      const person = await registerAccount(bare.app);
      const response = await as(person, bare.app, {
        method: 'POST',
        url: '/api/support/messages',
        payload: { id: newId(), topic: 'question', message: 'Is anyone there to help?' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toContain('no support address');
    } finally {
      await bare.close();
    }
  });

  it("takes a person's unsent messages to support with their account", async () => {
    const waiting = await startTestApp({ env: { CONTACT_EMAIL: OPERATOR } });
    try {
      const person = await registerAccount(waiting.app);
      const id = newId();
      const sent = await as(person, waiting.app, {
        method: 'POST',
        url: '/api/support/messages',
        payload: { id, topic: 'data', message: 'Please delete everything about me.' },
      });
      expect(sent.statusCode).toBe(201);
      const db = waiting.ctx.database.db;
      const { emailOutboxId } = await db
        .selectFrom('supportMessages')
        .select('emailOutboxId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(await db.selectFrom('emailOutbox').select('id').where('id', '=', emailOutboxId).execute()).toHaveLength(1);
      const deleted = await as(person, waiting.app, {
        method: 'POST',
        url: '/api/account/delete',
        payload: { password: 'maize-season-2026' },
      });
      expect(deleted.statusCode).toBeLessThan(300);
      expect(await db.selectFrom('supportMessages').select('id').where('id', '=', id).execute()).toHaveLength(0);
      expect(await db.selectFrom('emailOutbox').select('id').where('id', '=', emailOutboxId).execute()).toHaveLength(0);
    } finally {
      await waiting.close();
    }
  });
});
