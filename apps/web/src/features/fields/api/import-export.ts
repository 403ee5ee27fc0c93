import type { PolygonBoundary, WordedProblem } from '@murimi/core';
import { useMutation } from '@tanstack/react-query';
import { api, apiDownload } from '../../../lib/api/client.ts';

/** One feature of an imported file, as a field that could be saved (or the reasons it cannot). */
export interface ImportDraft {
  index: number;
  name: string;
  boundary: PolygonBoundary | null;
  areaHectares: number | null;
  status: 'ready' | 'invalid';
  /** Why it cannot be saved: the server's sentence, with a code and numbers the screen words from the locale. */
  reasons: WordedProblem[];
  overlaps: { fieldId?: string; draftIndex?: number; name: string; overlapHectares: number }[];
  /** False when the server's overlap budget ran out before every nearby shape was compared with this one. */
  overlapsChecked: boolean;
}

export interface ImportPreview {
  fileName: string;
  format: 'kml' | 'kmz' | 'geojson' | 'shapefile' | 'gpx';
  sourceCrs: string | null;
  /** The coordinate system positions were converted from; null when the file was already WGS 84 longitude/latitude. */
  convertedFrom: string | null;
  /** About the conversion: a datum shift applied, or one that could not be. */
  notes: string[];
  drafts: ImportDraft[];
}

/** Reads a boundary file on the server and answers with draft fields to review; nothing is saved. */
export const previewImport = async (file: File) =>
  (await api.post<{ data: ImportPreview }>(`/api/fields/import/preview?fileName=${encodeURIComponent(file.name)}`, file)).data;

/**
 * Reading a file is not a write (nothing is saved, and a file is not something to keep for later), so it has no
 * registered default; it goes through a mutation for the same busy and error states as the writes.
 */
export const usePreviewImport = () =>
  useMutation<ImportPreview, Error, File>({ mutationKey: ['fields', 'import-preview'], mutationFn: previewImport });

export type ExportFormat = 'geojson' | 'kml' | 'shapefile';

/** The boundaries of a farm (or of every field) as a file another tool reads, with the name the server gave it. */
export const exportFields = (format: ExportFormat, farmId?: string) =>
  apiDownload(`/api/fields/export?format=${format}${farmId ? `&farmId=${farmId}` : ''}`);
