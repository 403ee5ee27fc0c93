import type { Kysely } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import type { Quotas } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { countAttempt } from '../auth/auth-limits.ts';

const HOUR_MS = 3600_000;
const MB = 1024 * 1024;

const quotaReached = (message: string) => new AppError('QUOTA_EXCEEDED', message);

/** A boundary with more corners than the organisation's quota for one field is refused before anything is stored. */
export function checkCornersPerField(quotas: Quotas, corners: number, path = 'boundary'): void {
  if (corners <= quotas.cornersPerField) return;
  throw new AppError(
    'QUOTA_EXCEEDED',
    `This boundary has ${corners.toLocaleString('en-US')} corners; a field may have at most ` +
      `${quotas.cornersPerField.toLocaleString('en-US')}. Simplify it before saving.`,
    [{ path, message: `A field may have at most ${quotas.cornersPerField.toLocaleString('en-US')} corners.` }],
  );
}

/**
 * Checks that the organisation can hold `addedFields` more fields and `addedBytes` more boundary text, inside
 * the transaction that writes them. The organisation's row is locked first, so parallel imports of one
 * organisation are counted one after another and cannot each pass alone and together overshoot.
 */
export async function checkFieldStorage(
  trx: Kysely<DB>,
  quotas: Quotas,
  orgId: string,
  adding: { fields: number; bytes: number },
): Promise<void> {
  await trx.selectFrom('organisations').select('id').where('id', '=', orgId).forUpdate().execute();
  const used = await trx
    .selectFrom('fields')
    .select((eb) => [eb.fn.countAll<string>().as('fields'), eb.fn.coalesce(eb.fn.sum<string>('boundaryBytes'), eb.lit(0)).as('bytes')])
    .where('orgId', '=', orgId)
    .executeTakeFirstOrThrow();
  const fields = Number(used.fields);
  const bytes = Number(used.bytes);
  if (fields + adding.fields > quotas.fields) {
    const room = Math.max(0, quotas.fields - fields);
    throw quotaReached(
      `Your organisation has ${fields.toLocaleString('en-US')} fields and may have at most ${quotas.fields.toLocaleString('en-US')}` +
        (adding.fields > 1 ? `, so ${room.toLocaleString('en-US')} more can be added, not ${adding.fields.toLocaleString('en-US')}` : '') +
        '. Delete fields you no longer farm, or contact us to raise the limit.',
    );
  }
  if (bytes + adding.bytes > quotas.geometryBytes) {
    throw quotaReached(
      `Your fields' boundaries would take ${((bytes + adding.bytes) / MB).toFixed(1)} MB, over your organisation's ` +
        `${(quotas.geometryBytes / MB).toFixed(0)} MB. Simplify detailed boundaries (GPS walks) or delete fields you no longer farm, ` +
        'or contact us to raise the limit.',
    );
  }
}

/**
 * Counts one boundary file read for import against the organisation's hourly allowance (the sign-in limits'
 * counter, by organisation); past it, 429 with the seconds until the oldest read of the hour no longer counts.
 */
export async function takeImportAllowance(ctx: AppContext, orgId: string): Promise<void> {
  const { importsPerHour } = ctx.config.quotas;
  await countAttempt(
    ctx,
    {
      kind: 'field-import',
      limit: importsPerHour,
      windowMs: HOUR_MS,
      message: `Your organisation has read ${importsPerHour} boundary files in the last hour, the most allowed. Please wait a moment and try again.`,
    },
    orgId,
  );
}
