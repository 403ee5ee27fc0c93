import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import type { SyncState } from '../../../lib/offline-db.ts';

const tones: Record<SyncState, BadgeTone> = {
  pending: 'info',
  waiting: 'info',
  failed: 'warning',
  conflict: 'warning',
  deleted: 'warning',
};

/** A record the server does not have yet: "Waiting to sync", "Waiting for its field", "Not sent", "Changed on the server" or "Deleted elsewhere". */
export function SyncStateBadge({ state }: { state: SyncState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  return <Badge tone={tones[state]}>{t(`sync.states.${state}`)}</Badge>;
}
