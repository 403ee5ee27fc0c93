import type { FertilizerApplication, SoilTest } from '@murimi/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidate } from '../../../features/records/use-records.ts';
import { showToast } from '../../../features/toasts/toast-store.ts';
import { applicationsApi, soilTestsApi } from '../../../lib/api/resources.ts';
import { useConfirmDelete } from './use-confirm-delete.ts';

interface Records {
  soilTest: SoilTest;
  application: FertilizerApplication;
}

const kinds = {
  soilTest: { remove: soilTestsApi.remove, deleted: 'soilTests.deleted', refresh: invalidate.soilTests },
  application: { remove: applicationsApi.remove, deleted: 'fertilizer.deleted', refresh: invalidate.applications },
} as const;

/**
 * Deletes a soil test or a fertilizer application once the person confirms (see `useConfirmDelete`), says so, and
 * refreshes every list of that kind of record.
 */
export function useDeleteRecord<K extends keyof Records>(kind: K) {
  const { t } = useTranslation('app');
  const queryClient = useQueryClient();
  const { remove, deleted, refresh } = kinds[kind];
  return useConfirmDelete(
    (record: Records[K]) => remove(record.id),
    () => {
      showToast(t(deleted), { type: 'success' });
      return refresh(queryClient);
    },
  );
}
