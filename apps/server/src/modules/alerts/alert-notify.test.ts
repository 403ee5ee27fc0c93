import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmWithFields, insertAlert } from '../../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { readOutboxMessage } from '../../mail/mailer.ts';
import { notifyAlerts } from './alert-notify.job.ts';

/** What leaves the server for an alert: e-mail and SMS for one made from real data, nothing for a simulated one. */
describe('telling people of new alerts', () => {
  let test: TestApp;
  let farmer: TestAccount;
  let fieldId: string;

  beforeAll(async () => {
    test = await startTestApp();
    farmer = await registerAccount(test.app, { name: 'Chipo Dube' });
    await test.ctx.database.db
      .updateTable('users')
      .set({ emailVerifiedAt: test.ctx.now(), smsPhone: '+263771230001', smsPhoneVerifiedAt: test.ctx.now() })
      .where('id', '=', farmer.userId)
      .execute();
    [fieldId] = (await createFarmWithFields(test.app, farmer, ['Dambo maize'])).fieldIds as [string];
  });
  afterAll(() => test?.close());

  it('never sends an alert made from simulated data by SMS or e-mail; the app shows it, labelled Simulated', async () => {
    const real = await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, ruleId: 'frost', date: '2026-12-01', severity: 'critical' });
    const simulated = await insertAlert(test.ctx, { orgId: farmer.orgId, fieldId, ruleId: 'heavy-rain', date: '2026-12-02' });
    await test.ctx.database.db.updateTable('alerts').set({ simulated: true }).where('id', '=', simulated).execute();

    const emailsBefore = (await test.ctx.database.db.selectFrom('emailOutbox').select('id').execute()).map((row) => row.id);
    // Once for each: a retried job would find the real one told already and the simulated one never told.
    expect(await notifyAlerts(test.ctx, [real, simulated])).toEqual({ emails: 1, sms: 1 });
    expect(await notifyAlerts(test.ctx, [simulated])).toEqual({ emails: 0, sms: 0 });

    const told = await test.ctx.database.db.selectFrom('alertNotifications').select(['alertId', 'channel']).execute();
    expect(told.map((row) => row.alertId)).not.toContain(simulated);
    expect(told.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    const sms = await test.ctx.database.db.selectFrom('smsOutbox').select(['alertId']).where('purpose', '=', 'alert').execute();
    expect(sms.map((row) => row.alertId)).toEqual([real]);
    const [email, ...more] = await test.ctx.database.db
      .selectFrom('emailOutbox')
      .select('id')
      .where('toAddress', '=', farmer.email)
      .where('id', 'not in', emailsBefore)
      .execute();
    expect(more).toEqual([]);
    const text = await readOutboxMessage(test.ctx.database, test.ctx.config.jwtSecret, email!.id);
    // One alert in the e-mail: the frost (critical), not the simulated one of 2 Dec.
    expect(text!.match(/^(Critical|Warning|Info) - Dambo maize - .*$/gm)).toEqual(['Critical - Dambo maize - Frost (Tue 1 Dec)']);

    const shown = (await as(farmer, test.app, { method: 'GET', url: `/api/alerts/${simulated}` })).json().data;
    expect(shown).toMatchObject({ id: simulated, simulated: true });
  });
  it("tells a programme's farmer of their own farm's alerts only, and its funder of none", async () => {
    const programme = await registerAccount(test.app, { name: 'Programme owner' });
    await test.ctx.database.db.updateTable('users').set({ emailVerifiedAt: test.ctx.now() }).where('id', '=', programme.userId).execute();
    const member = async (role: 'farmer' | 'viewer', phone: string) => {
      const person = await registerAccount(test.app);
      await test.ctx.database.db
        .updateTable('users')
        .set({ emailVerifiedAt: test.ctx.now(), smsPhone: phone, smsPhoneVerifiedAt: test.ctx.now() })
        .where('id', '=', person.userId)
        .execute();
      await test.ctx.database.db.insertInto('memberships').values({ orgId: programme.orgId, userId: person.userId, role }).execute();
      return person;
    };
    const farmerInProgramme = await member('farmer', '+263771230002');
    const funder = await member('viewer', '+263771230003');
    const theirs = await createFarmWithFields(test.app, programme, ['Their plot']);
    const another = await createFarmWithFields(test.app, programme, ['Another plot']);
    await test.ctx.database.db
      .updateTable('farms')
      .set({ farmerUserId: farmerInProgramme.userId })
      .where('id', '=', theirs.farmId)
      .execute();
    const onTheirs = await insertAlert(test.ctx, {
      orgId: programme.orgId,
      fieldId: theirs.fieldIds[0]!,
      ruleId: 'frost',
      date: '2026-12-01',
      severity: 'critical',
    });
    const onAnother = await insertAlert(test.ctx, {
      orgId: programme.orgId,
      fieldId: another.fieldIds[0]!,
      ruleId: 'frost',
      date: '2026-12-01',
      severity: 'critical',
    });

    await notifyAlerts(test.ctx, [onTheirs, onAnother]);
    const toldOf = async (userId: string) =>
      (await test.ctx.database.db.selectFrom('alertNotifications').select('alertId').where('userId', '=', userId).execute()).map(
        (row) => row.alertId,
      );
    expect(new Set(await toldOf(farmerInProgramme.userId))).toEqual(new Set([onTheirs]));
    expect(await toldOf(funder.userId)).toEqual([]);
    expect(new Set(await toldOf(programme.userId))).toEqual(new Set([onTheirs, onAnother]));
  });
});
