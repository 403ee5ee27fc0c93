import type { ProfileUpdateInput, User } from '@murimi/core';
import { queryOptions, useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client.ts';
import { startSession, type SessionAnswer } from '../../auth/auth-actions.ts';

/** The signed-in person as the server knows them. */
export const meQuery = () =>
  queryOptions({ queryKey: ['me'] as const, queryFn: async () => (await api.get<{ data: User }>('/api/auth/me')).data });

export const useMe = () => useQuery(meQuery());

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export const accountMutationKeys = {
  profile: ['account', 'profile'] as const,
  password: ['account', 'password'] as const,
  resendVerification: ['account', 'resend-verification'] as const,
};

/**
 * The account writes, registered once on the query client by key (see `registerFarmMutations`). A password change
 * carries the current password: it is sent at once or fails (never paused, so never kept for later), and leaves the
 * cache as soon as it has answered.
 */
export function registerAccountMutations(client: QueryClient): void {
  client.setMutationDefaults(accountMutationKeys.profile, {
    mutationFn: async (changes: ProfileUpdateInput) => (await api.put<{ data: User }>('/api/auth/me', changes)).data,
    onSuccess: (user: User) => client.setQueryData(meQuery().queryKey, user),
  });
  client.setMutationDefaults(accountMutationKeys.password, {
    mutationFn: (change: PasswordChange) => api.post<SessionAnswer>('/api/auth/change-password', change),
    // The change ends every older session; the answer carries this device's new one.
    onSuccess: (answer: SessionAnswer) => startSession(answer),
    networkMode: 'always',
    gcTime: 0,
  });
  client.setMutationDefaults(accountMutationKeys.resendVerification, {
    mutationFn: () => apiRequest<{ message?: string } | undefined>('POST', '/api/auth/resend-verification'),
    networkMode: 'always',
  });
}

export const useUpdateProfile = () => useMutation<User, Error, ProfileUpdateInput>({ mutationKey: accountMutationKeys.profile });
export const useChangePassword = () => useMutation<SessionAnswer, Error, PasswordChange>({ mutationKey: accountMutationKeys.password });
/** Sends the e-mail confirmation link again; answers with the server's message, if any. */
export const useResendVerification = () =>
  useMutation<{ message?: string } | undefined, Error, void>({ mutationKey: accountMutationKeys.resendVerification });
