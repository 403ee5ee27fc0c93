import type { ProgrammeFigures, ProgrammeQuery } from '@murimi/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

export const programmeFiguresQuery = (query: ProgrammeQuery) =>
  queryOptions({
    queryKey: ['programme-figures', query.season ?? null, query.groupId ?? null, query.crop ?? null] as const,
    queryFn: async () => {
      const params = new URLSearchParams();
      if (query.season) params.set('season', String(query.season));
      if (query.groupId) params.set('groupId', query.groupId);
      if (query.crop) params.set('crop', query.crop);
      return (await api.get<{ data: ProgrammeFigures }>(`/api/programme/figures${params.size > 0 ? `?${params.toString()}` : ''}`)).data;
    },
  });

/** The figures for the filters chosen; the last answer stays on screen while the next loads. */
export const useProgrammeFigures = (query: ProgrammeQuery, enabled: boolean) =>
  useQuery({ ...programmeFiguresQuery(query), enabled, placeholderData: keepPreviousData });
