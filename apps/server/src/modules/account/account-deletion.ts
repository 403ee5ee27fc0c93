import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/**
 * Deletes a person's account in one transaction (POPIA s24, Zimbabwe's Data Protection Act 2021 s14): who they are
 * (name, e-mail, phones, password, settings, memberships, links and codes) goes at once, and so does every message to
 * or from their phones and e-mail still kept, sent or not, so nothing more reaches them. What they wrote stays with
 * each organisation: the records are the organisation's, and the audit trail keeps its lines with the person cleared.
 *
 * An organisation they alone belong to goes with them (no one is left to keep it; the screen says so and offers the
 * export first). The only owner of an organisation that has other people must hand it on first. A number that
 * texted STOP stays on the stop list: that is the promise not to text it again.
 */
export async function eraseAccount(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const person = await trx
      .selectFrom('users')
      .select(['email', 'phone', 'smsPhone'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!person) throw AppError.notFound('Account');

    const owned = await trx
      .selectFrom('memberships as mine')
      .innerJoin('organisations', 'organisations.id', 'mine.orgId')
      .select(['organisations.id', 'organisations.name'])
      .select((eb) => [
        eb
          .selectFrom('memberships as other')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('other.orgId', '=', 'mine.orgId')
          .where('other.userId', '!=', userId)
          .as('others'),
        eb
          .selectFrom('memberships as other')
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('other.orgId', '=', 'mine.orgId')
          .where('other.userId', '!=', userId)
          .where('other.role', '=', 'owner')
          .as('otherOwners'),
      ])
      .where('mine.userId', '=', userId)
      .where('mine.role', '=', 'owner')
      .execute();
    const handOnFirst = owned.find((org) => Number(org.others) > 0 && Number(org.otherOwners) === 0);
    if (handOnFirst) {
      throw new AppError(
        'CONFLICT',
        `You are the only owner of ${handOnFirst.name}, which has other people. Make one of them its owner (Organisation & people), then delete your account.`,
      );
    }
    // Their messages to support, waiting to be e-mailed to the operator, carry their name and words (read before
    // their organisations go, which takes the messages with them).
    await trx
      .deleteFrom('emailOutbox')
      .where('id', 'in', trx.selectFrom('supportMessages').select('emailOutboxId').where('userId', '=', userId))
      .where('sentAt', 'is', null)
      .execute();
    const aloneIn = owned.filter((org) => Number(org.others) === 0).map((org) => org.id);
    if (aloneIn.length > 0) await trx.deleteFrom('organisations').where('id', 'in', aloneIn).execute();

    // Their phones; a number no one has (the empty string) keeps each `in` list valid when they have none.
    const phones = [person.phone, person.smsPhone, ''].filter((phone): phone is string => phone !== null);
    const theirTexts = trx
      .selectFrom('smsOutbox')
      .select('id')
      .where((eb) => eb.or([eb('userId', '=', userId), eb('toPhone', 'in', phones)]));
    await trx.deleteFrom('smsStatusEvents').where('outboxId', 'in', theirTexts).execute();
    await trx
      .deleteFrom('smsOutbox')
      .where((eb) => eb.or([eb('userId', '=', userId), eb('toPhone', 'in', phones)]))
      .execute();
    // Kept (emptied) rather than deleted: a provider's repeated delivery of the same text must still be known as handled.
    await trx
      .updateTable('smsInbound')
      .set({ fromPhone: '', text: '' })
      .where((eb) => eb.or([eb('userId', '=', userId), eb('fromPhone', 'in', phones)]))
      .execute();
    await trx.deleteFrom('smsConversations').where('phone', 'in', phones).execute();
    await trx.deleteFrom('emailOutbox').where('toAddress', '=', person.email).execute();
    await trx
      .deleteFrom('invitations')
      .where((eb) => eb.or([eb('email', '=', person.email), eb('phone', 'in', phones)]))
      .execute();
    await trx.deleteFrom('authAttempts').where('subject', 'in', [person.email, userId]).execute();
    // Cascades to memberships, links, codes, reads and digests; clears the person from audit lines, analyses asked
    // for, alerts resolved, farms assigned and invitations sent (each `on delete set null`).
    await trx.deleteFrom('users').where('id', '=', userId).execute();
  });
}
