import type { FarmGroup, Invitation, invitationCreateSchema, Member, MemberRole, MyOrganisation } from '@murimi/core';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api/client.ts';

export const myOrganisationsQuery = () =>
  queryOptions({
    queryKey: ['organisations', 'mine'] as const,
    queryFn: async () => (await api.get<{ data: MyOrganisation[] }>('/api/auth/organisations')).data,
  });
export const membersQuery = () =>
  queryOptions({
    queryKey: ['members'] as const,
    queryFn: async () => (await api.get<{ data: Member[] }>('/api/organisation/members')).data,
  });
export const groupsQuery = () =>
  queryOptions({
    queryKey: ['groups'] as const,
    queryFn: async () => (await api.get<{ data: FarmGroup[] }>('/api/organisation/groups')).data,
  });

export const useMyOrganisations = () => useQuery(myOrganisationsQuery());
export const useMembers = (enabled: boolean) => useQuery({ ...membersQuery(), enabled });
export const useGroups = (enabled: boolean) => useQuery({ ...groupsQuery(), enabled });

/**
 * Changing who may do what needs the server's answer at once (a role takes effect on the next request): these writes
 * are sent now or fail with the server's words; they are never kept for later.
 */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ userId, role }: { userId: string; role: MemberRole }) =>
      (await api.put<{ data: Member }>(`/api/organisation/members/${userId}`, { role })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: membersQuery().queryKey }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: (userId: string) => apiRequest<undefined>('DELETE', `/api/organisation/members/${userId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: membersQuery().queryKey }),
  });
}

export type InvitationInput = z.input<typeof invitationCreateSchema>;

export const invitationsQuery = () =>
  queryOptions({
    queryKey: ['invitations'] as const,
    queryFn: async () => (await api.get<{ data: Invitation[] }>('/api/organisation/invitations')).data,
  });
export const useInvitations = (enabled: boolean) => useQuery({ ...invitationsQuery(), enabled });

/** Sending, resending and withdrawing invitations: sent now or failing with the server's words, never kept for later. */
export function useInvitationActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: invitationsQuery().queryKey });
  return {
    send: useMutation({
      networkMode: 'always',
      // The id is chosen once per submission: sent again after a lost answer, the same invitation answers.
      mutationFn: async (invitation: InvitationInput) =>
        (await api.post<{ data: Invitation }>('/api/organisation/invitations', invitation)).data,
      onSuccess: refresh,
    }),
    resend: useMutation({
      networkMode: 'always',
      mutationFn: async (id: string) => (await api.post<{ data: Invitation }>(`/api/organisation/invitations/${id}/resend`, {})).data,
      onSuccess: refresh,
    }),
    revoke: useMutation({
      networkMode: 'always',
      mutationFn: (id: string) => apiRequest<undefined>('DELETE', `/api/organisation/invitations/${id}`),
      onSuccess: refresh,
    }),
  };
}
