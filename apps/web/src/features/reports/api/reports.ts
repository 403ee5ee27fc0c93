import type { AnalysisType, ManagementZonesView } from '@murimi/core';
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api/client.ts';
import { session } from '../../auth/session.ts';
import { analysisKeys, type AnalysisSummary } from '../../analyses/api/analyses.ts';

/** How many past analyses of a field the history shows (the API allows up to 200). */
export const HISTORY_LIMIT = 100;

/** A field's past analyses, newest first; all types, or one. Under the field's `analyses` key so a new run refreshes it. */
export const analysisHistoryQuery = (fieldId: string, type: AnalysisType | null) =>
  queryOptions({
    queryKey: [...analysisKeys.ofField(fieldId), 'history', type ?? 'all'] as const,
    queryFn: async () => {
      const query = new URLSearchParams({ limit: String(HISTORY_LIMIT), ...(type ? { type } : {}) });
      return (await api.get<{ data: AnalysisSummary[] }>(`/api/analysis/${fieldId}/history?${query.toString()}`)).data;
    },
  });

/** A field's management zones from its season's NDVI (`GET /api/fields/{id}/management-zones`). */

/** The zones take a season of imagery reads: kept for the session once made. */
export const managementZonesQuery = (fieldId: string, zoneCount: number) =>
  queryOptions({
    queryKey: ['management-zones', fieldId, zoneCount] as const,
    queryFn: async () => (await api.get<{ data: ManagementZonesView }>(`/api/fields/${fieldId}/management-zones?zones=${zoneCount}`)).data,
    staleTime: Infinity,
  });

export type PrescriptionFormat = 'shapefile' | 'geojson';

/** A prescription file as the server made it, with the name it gave it. */
export interface PrescriptionFile {
  blob: Blob;
  fileName: string;
  totalKg: number | null;
}

/**
 * A variable-rate prescription: the zones with a rate each (kg/ha, zone 1 first), as a zipped Shapefile for a
 * tractor terminal or as GeoJSON. A POST that answers with a file, which the shared JSON client does not read.
 */
export async function downloadPrescription(
  fieldId: string,
  format: PrescriptionFormat,
  body: { zones: number; ratesKgPerHa: number[]; product?: string },
): Promise<PrescriptionFile> {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(`/api/fields/${fieldId}/prescription?format=${format}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Unable to connect to the server. Please check your internet connection and try again.');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => undefined)) as { error?: { message?: string; code?: string } } | undefined;
    throw new ApiError(response.status, payload?.error?.message ?? response.statusText, payload?.error?.code);
  }
  const fileName =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `prescription.${format === 'shapefile' ? 'zip' : 'geojson'}`;
  const total = Number(response.headers.get('x-prescription-total-kg'));
  return {
    blob: await response.blob(),
    fileName,
    totalKg: Number.isFinite(total) && response.headers.has('x-prescription-total-kg') ? total : null,
  };
}

/** Hands a file to the browser as a download. */
export function saveFile(file: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
