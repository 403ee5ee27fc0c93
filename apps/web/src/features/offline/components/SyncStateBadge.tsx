import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import type { SyncState } from '../../../lib/offline-db.ts';

const tones: Record<SyncState, BadgeTone> = { pending: 'info', failed: 'warning', conflict: 'warning' };

/** A record the server does not have yet: "Waiting to sync", "Not sent" or "Changed on the server". */
export function SyncStateBadge({ state }: { state: SyncState | undefined }) {
  const { t } = useTranslation();
  if (!state) return null;
  return <Badge tone={tones[state]}>{t(`sync.states.${state}`)}</Badge>;
}
