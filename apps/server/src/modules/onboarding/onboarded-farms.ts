import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** A farmer accepting an onboarding invitation is given the farms the spreadsheet named them on. */
export async function assignOnboardedFarms(trx: Kysely<DB>, invitationId: string, orgId: string, userId: string): Promise<void> {
  await trx
    .updateTable('farms')
    .set({ farmerUserId: userId })
    .where('orgId', '=', orgId)
    .where('farmerUserId', 'is', null)
    .where(
      'id',
      'in',
      trx.selectFrom('onboardingRows').select('farmId').where('orgId', '=', orgId).where('invitationId', '=', invitationId),
    )
    .execute();
}
