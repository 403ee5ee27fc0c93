import type {
  CropType,
  Farm,
  FarmCreateInput,
  FertilizerApplication,
  FertilizerApplicationCreateInput,
  Field,
  FieldCreateInput,
  FieldOnMap,
  FieldSummary,
  Page,
  PolygonBoundary,
  SoilTest,
  SoilTestCreateInput,
  User,
} from '@murimi/core';
import { api, apiDownload } from './client.ts';

/** Items per request when the web app reads a whole list: the most the API serves in one page. */
const LIST_PAGE_SIZE = 500;

/**
 * Every item of a list, page after page (the API answers at most 500 at a time and says where the next page
 * starts). `query` holds the list's own filters.
 */
export async function listAllPages<Item>(path: string, query: Record<string, string | undefined> = {}): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
    if (cursor) params.set('cursor', cursor);
    const page = await api.get<{ data: Item[]; page: Page }>(`${path}?${params.toString()}`);
    items.push(...page.data);
    cursor = page.page.nextCursor;
  } while (cursor);
  return items;
}

/** Typed calls for each resource of the API; screens use these through TanStack Query. */
export const farmsApi = {
  list: () => listAllPages<Farm>('/api/farms'),
  get: async (id: string) => (await api.get<{ data: Farm }>(`/api/farms/${id}`)).data,
  create: async (input: FarmCreateInput) => (await api.post<{ data: Farm }>('/api/farms', input)).data,
  update: async (id: string, input: Partial<FarmCreateInput>) => (await api.put<{ data: Farm }>(`/api/farms/${id}`, input)).data,
  remove: (id: string) => api.delete(`/api/farms/${id}`),
};

export const fieldsApi = {
  /** The fields without their boundaries (facts, box, centroid, area): what lists and selectors show. */
  list: (farmId?: string) => listAllPages<FieldSummary>('/api/fields', { farmId }),
  /** The fields with boundaries simplified for drawing on the overview map. */
  listForMap: () => listAllPages<FieldOnMap>('/api/fields', { view: 'map' }),
  /** One field with its full boundary (to edit it). */
  get: async (id: string) => (await api.get<{ data: Field }>(`/api/fields/${id}`)).data,
  create: async (input: FieldCreateInput) => (await api.post<{ data: Field }>('/api/fields', input)).data,
  update: async (id: string, input: Partial<FieldCreateInput>) => (await api.put<{ data: Field }>(`/api/fields/${id}`, input)).data,
  remove: (id: string) => api.delete(`/api/fields/${id}`),
  /** Reads a boundary file on the server and answers with draft fields to review; nothing is saved. */
  previewImport: async (file: File) =>
    (await api.post<{ data: ImportPreview }>(`/api/fields/import/preview?fileName=${encodeURIComponent(file.name)}`, file)).data,
  /** Saves many fields at once: all of them, or none with a report per failing field. */
  createMany: async (fields: FieldCreateInput[]) => (await api.post<{ data: FieldSummary[] }>('/api/fields/bulk', { fields })).data,
  exportFile: (format: ExportFormat, farmId?: string) =>
    apiDownload(`/api/fields/export?format=${format}${farmId ? `&farmId=${farmId}` : ''}`),
};

export type ExportFormat = 'geojson' | 'kml' | 'shapefile';

/** One feature of an imported file, as a field that could be saved (or the reasons it cannot). */
export interface ImportDraft {
  index: number;
  name: string;
  boundary: PolygonBoundary | null;
  areaHectares: number | null;
  status: 'ready' | 'invalid';
  reasons: string[];
  overlaps: { fieldId?: string; draftIndex?: number; name: string; overlapHectares: number }[];
  /** False when the server's overlap budget ran out before every nearby shape was compared with this one. */
  overlapsChecked: boolean;
}

export interface ImportPreview {
  fileName: string;
  format: 'kml' | 'kmz' | 'geojson' | 'shapefile' | 'gpx';
  sourceCrs: string | null;
  /** About the conversion: a datum shift applied, or one that could not be. */
  notes: string[];
  drafts: ImportDraft[];
}

export const soilTestsApi = {
  list: (fieldId?: string) => listAllPages<SoilTest>('/api/soil-tests', { fieldId }),
  create: async (input: SoilTestCreateInput) => (await api.post<{ data: SoilTest }>('/api/soil-tests', input)).data,
  remove: (id: string) => api.delete(`/api/soil-tests/${id}`),
};

export const applicationsApi = {
  list: (fieldId?: string) => listAllPages<FertilizerApplication>('/api/fertilizer-applications', { fieldId }),
  create: async (input: FertilizerApplicationCreateInput) =>
    (await api.post<{ data: FertilizerApplication }>('/api/fertilizer-applications', input)).data,
  remove: (id: string) => api.delete(`/api/fertilizer-applications/${id}`),
};

export const cropTypesApi = {
  list: async () => (await api.get<{ data: CropType[] }>('/api/crop-types')).data,
};

export interface PublicConfig {
  productName: string;
  version: string;
  contactEmail: string | null;
  contactPhone: string | null;
  basemap: Basemap;
}

/** Where map tiles come from (server configuration); no satellite URL means the plain map. */
export interface Basemap {
  satelliteTilesUrl: string | null;
  overlayTilesUrls: string[];
  attribution: string;
}

export const accountApi = {
  me: async () => (await api.get<{ data: User }>('/api/auth/me')).data,
  publicConfig: () => api.get<PublicConfig>('/api/public-config'),
};

/** Query keys in one place, so a change can invalidate every list that shows it. */
export const queryKeys = {
  farms: ['farms'] as const,
  farm: (id: string) => ['farms', id] as const,
  fields: ['fields'] as const,
  fieldsOfFarm: (farmId: string) => ['fields', { farmId }] as const,
  /** Under `fields`, so whatever refreshes the field list refreshes the map too. */
  fieldsOnMap: ['fields', 'map'] as const,
  field: (id: string) => ['field', id] as const,
  soilTests: (fieldId?: string) => ['soil-tests', fieldId ?? 'all'] as const,
  applications: (fieldId?: string) => ['fertilizer-applications', fieldId ?? 'all'] as const,
  cropTypes: ['crop-types'] as const,
  me: ['me'] as const,
  publicConfig: ['public-config'] as const,
};
