import { api } from '../../lib/api/client.ts';
import { startSession, type SessionAnswer } from '../auth/auth-actions.ts';
import { rememberOrganisation, session } from '../auth/session.ts';
import { countUnsentWrites } from '../offline/components/SignOutGuard.tsx';
import { removeDeviceDataOf } from '../offline/device-storage.ts';

export type SwitchOutcome = 'switched' | 'unsent-writes';

/**
 * Opens a session in another organisation (`open` asks the server for it), and remembers that organisation for this
 * device's next sign-in. Writes still waiting on this device belong to the organisation they were made in: with any
 * (or when they cannot be counted) nothing is asked and nothing changes. What this device kept of the organisation
 * left (its cached screens, offline records and field packs) is removed, as at sign-out, so two organisations' farms
 * never mix on one phone.
 */
async function enterOrganisation(open: () => Promise<SessionAnswer>): Promise<SwitchOutcome> {
  const state = session.getState();
  if (state.status !== 'signed-in') return 'switched';
  if ((await countUnsentWrites()) !== 0) return 'unsent-writes';
  const answer = await open();
  await removeDeviceDataOf(state.claims.userId);
  startSession(answer);
  if (answer.user?.organisation) rememberOrganisation(state.claims.email, answer.user.organisation.id);
  return 'switched';
}

/** Works in another organisation the person belongs to (the switch on Organisation & people). */
export function switchOrganisation(organisationId: string): Promise<SwitchOutcome> {
  return enterOrganisation(() => api.post<SessionAnswer>('/api/auth/switch-organisation', { organisationId }));
}

/** Joins the organisation of an invitation: its e-mailed link's token, or the SMS's short link and code. */
export function acceptInvitation(invitation: { token: string } | { slug: string; code: string }): Promise<SwitchOutcome> {
  return enterOrganisation(() => api.post<SessionAnswer>('/api/invitations/accept', invitation));
}
