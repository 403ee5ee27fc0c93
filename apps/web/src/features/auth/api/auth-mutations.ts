import type { RegisterInput } from '@murimi/core';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';
import { logIn, startSession, type SessionAnswer } from '../auth-actions.ts';

export const authMutationKeys = {
  logIn: ['auth', 'login'] as const,
  register: ['auth', 'register'] as const,
  forgotPassword: ['auth', 'forgot-password'] as const,
  resetPassword: ['auth', 'reset-password'] as const,
};

/**
 * Signing in, signing up and resetting a password carry credentials: each is sent at once or fails with the
 * connection message (never paused, so never kept for later), and leaves the cache as soon as it has answered.
 */
const sentNowOrNever = { networkMode: 'always', gcTime: 0 } as const;

export function registerAuthMutations(client: QueryClient): void {
  client.setMutationDefaults(authMutationKeys.logIn, { mutationFn: logIn, ...sentNowOrNever });
  client.setMutationDefaults(authMutationKeys.register, {
    mutationFn: async (registration: RegisterInput) => startSession(await api.post<SessionAnswer>('/api/auth/register', registration)),
    ...sentNowOrNever,
  });
  client.setMutationDefaults(authMutationKeys.forgotPassword, {
    mutationFn: (request: { email: string }) => api.post('/api/auth/forgot-password', request),
    ...sentNowOrNever,
  });
  client.setMutationDefaults(authMutationKeys.resetPassword, {
    // The e-mailed link's token and the new password; the answer signs the person in.
    mutationFn: async (reset: { token: string | null; password: string }) =>
      startSession(await api.post<SessionAnswer>('/api/auth/reset-password', reset)),
    ...sentNowOrNever,
  });
}

export const useLogIn = () => useMutation<void, Error, { email: string; password: string }>({ mutationKey: authMutationKeys.logIn });
export const useRegister = () => useMutation<void, Error, RegisterInput>({ mutationKey: authMutationKeys.register });
export const useForgotPassword = () => useMutation<unknown, Error, { email: string }>({ mutationKey: authMutationKeys.forgotPassword });
export const useResetPassword = () =>
  useMutation<void, Error, { token: string | null; password: string }>({ mutationKey: authMutationKeys.resetPassword });
