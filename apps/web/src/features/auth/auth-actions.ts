import { MISSING_TOKEN_MESSAGE } from '@murimi/core';
import { api } from '../../lib/api/client.ts';
import { removeDeviceDataOf } from '../offline/device-storage.ts';
import { deviceTokenFor, rememberOrganisation, rememberedOrganisationFor, session } from './session.ts';

/** What happens to data cached for the person who signs in or out: the app clears its query cache (main.tsx). */
let clearCachedData: () => void = () => {};

export function onSessionChange(clear: () => void): void {
  clearCachedData = clear;
}

/**
 * Signs out here first (local data, cached screens, and the person's offline database and field packs: nothing of
 * theirs stays on the device, and another person's packs stay theirs), then tells the server; its failure is ignored.
 */
export function signOut(): void {
  leaveDevice((token) => fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }));
}

/** Ends the session and removes what the device kept of the person; `tellServer`, if given, ends it there too. */
function leaveDevice(tellServer?: (token: string) => Promise<unknown>): void {
  const state = session.getState();
  session.signOut(tellServer);
  clearCachedData();
  if (state.status === 'signed-in') void removeDeviceDataOf(state.claims.userId);
}

/** The session ended without the person asking (a refused or expired token): their unsent writes stay on the device. */
export function endSession(): void {
  session.signOut();
  clearCachedData();
}

/** The person deleted their account: the server has ended every session; nothing of theirs stays on the device. */
export function forgetDeletedAccount(): void {
  leaveDevice();
}

export interface SessionAnswer {
  access_token?: string;
  token?: string;
  device_token?: string;
  /** The organisation the session is for. */
  user?: { organisation?: { id: string } };
}

/**
 * Stores the token from a login, registration or reset answer (`access_token`, or `token` from older servers),
 * and the device token that comes with it.
 */
export function startSession(answer: SessionAnswer): void {
  const token = answer.access_token ?? answer.token;
  if (!token) throw new Error(MISSING_TOKEN_MESSAGE);
  clearCachedData();
  session.signIn(token, answer.device_token);
}

/**
 * Signs in, sending the device token this browser keeps for that account, if any, and the organisation it last worked
 * in (the session opens there while the person belongs to it).
 */
export async function logIn(credentials: { email: string; password: string }): Promise<void> {
  const deviceToken = deviceTokenFor(credentials.email);
  const organisationId = rememberedOrganisationFor(credentials.email);
  const answer = await api.post<SessionAnswer>('/api/auth/login', {
    ...credentials,
    ...(deviceToken ? { deviceToken } : {}),
    ...(organisationId ? { organisationId } : {}),
  });
  startSession(answer);
  if (answer.user?.organisation) rememberOrganisation(credentials.email, answer.user.organisation.id);
}
