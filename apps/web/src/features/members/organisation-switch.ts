import { api } from '../../lib/api/client.ts';
import { startSession, type SessionAnswer } from '../auth/auth-actions.ts';
import { rememberOrganisation, session } from '../auth/session.ts';
import { countUnsentWrites } from '../offline/components/SignOutGuard.tsx';
import { removeDeviceDataOf } from '../offline/device-storage.ts';

export type SwitchOutcome = 'switched' | 'unsent-writes';

/**
 * Opens a session in another organisation the person belongs to, and remembers it for this device's next sign-in.
 * Writes still waiting on this device belong to the organisation they were made in: with any (or when they cannot be
 * counted) nothing changes and the screen asks to send them first. What this device kept of the organisation left
 * (its cached screens, offline records and field packs) is removed, as at sign-out, so two organisations' farms never
 * mix on one phone.
 */
export async function switchOrganisation(organisationId: string): Promise<SwitchOutcome> {
  const state = session.getState();
  if (state.status !== 'signed-in') return 'switched';
  if ((await countUnsentWrites()) !== 0) return 'unsent-writes';
  const answer = await api.post<SessionAnswer>('/api/auth/switch-organisation', { organisationId });
  await removeDeviceDataOf(state.claims.userId);
  startSession(answer);
  rememberOrganisation(state.claims.email, organisationId);
  return 'switched';
}
