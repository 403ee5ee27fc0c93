import type { Report, ReportRequest } from '@murimi/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api/client.ts';

/** The field's or farm's PDF reports, the programme's packs, or every one the person reaches; newest first. */
export interface ReportScope {
  fieldId?: string;
  farmId?: string;
  kind?: 'programme';
}

const POLL_MS = 2_000;
const inProgress = (report: Report) => report.status === 'queued' || report.status === 'running';

export const pdfReportsQuery = (scope: ReportScope) =>
  queryOptions({
    queryKey: ['pdf-reports', scope.fieldId ?? null, scope.farmId ?? null, scope.kind ?? null] as const,
    queryFn: async () => {
      const query = new URLSearchParams({
        ...(scope.fieldId ? { fieldId: scope.fieldId } : {}),
        ...(scope.farmId ? { farmId: scope.farmId } : {}),
        ...(scope.kind ? { kind: scope.kind } : {}),
      });
      return (await api.get<{ data: Report[] }>(`/api/reports${query.size > 0 ? `?${query.toString()}` : ''}`)).data;
    },
    // Followed while one is being written, as an analysis is; still once all are done.
    refetchInterval: (query) => (query.state.data?.some(inProgress) ? POLL_MS : false),
  });

/** Asks for a report now, or fails with the server's words; the request carries its id, so a resend makes one report. */
export function useRequestReport() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (request: ReportRequest) => (await api.post<{ data: Report }>('/api/reports/generate', request)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['pdf-reports'] }),
  });
}

/** Stops a programme's pack being written; the server deletes what was written of it. */
export function useCancelReport() {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (id: string) => (await api.post<{ data: Report }>(`/api/reports/${id}/cancel`, {})).data,
    onSettled: () => client.invalidateQueries({ queryKey: ['pdf-reports'] }),
  });
}

export const downloadReport = (id: string) => apiDownload(`/api/reports/${id}/download`);
