import type { RecordsBeforePlantingDetails } from '@murimi/core';
import { ApiError } from '../../lib/api/client.ts';

/**
 * The water records a new planting date would leave before planting, when the server refused the change for them
 * (409 `RECORDS_BEFORE_PLANTING`); null for any other outcome.
 */
export function recordsBeforePlantingOf(error: unknown): RecordsBeforePlantingDetails | null {
  if (!(error instanceof ApiError) || error.code !== 'RECORDS_BEFORE_PLANTING') return null;
  const details = error.details as Partial<RecordsBeforePlantingDetails> | undefined;
  if (!details || typeof details.plantingDate !== 'string' || !Array.isArray(details.records)) return null;
  return details as RecordsBeforePlantingDetails;
}
