import { queryClient } from '../../app/query-client.ts';
import { api } from '../../lib/api/client.ts';
import { session } from './session.ts';

/** Signs out here first (local data, cached screens), then tells the server; its failure is ignored. */
export function signOut(): void {
  session.signOut((token) => fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }));
  queryClient.clear();
}

/** Stores the token from a login, registration or reset answer (`access_token`, or `token` from older servers). */
export function startSession(answer: { access_token?: string; token?: string }): void {
  const token = answer.access_token ?? answer.token;
  if (!token) throw new Error("Login response missing 'access_token'.");
  queryClient.clear();
  session.signIn(token);
}

export { api };
