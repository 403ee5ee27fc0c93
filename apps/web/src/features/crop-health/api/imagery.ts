import { queryOptions } from '@tanstack/react-query';
import { api, apiResponse } from '../../../lib/api/client.ts';
import type { CropHealthIndex } from '../index-legend.ts';
import type { FieldScene } from '../scene-choice.ts';

/** The scenes of a field's season for one index, as `GET /api/fields/{id}/imagery` answers. */
export interface FieldImageryList {
  fieldId: string;
  index: CropHealthIndex;
  /** The period read (YYYY-MM-DD): the field's season window unless asked otherwise. */
  from: string;
  to: string;
  simulated: boolean;
  /** What the field's images are drawn from (its boundary, the legend); absent from lists kept before it was sent. */
  imageVersion?: string;
  scenes: FieldScene[];
}

/** The period a scene list was read for, and the version of the field its images are drawn from. */
export interface ImagePeriod {
  from: string;
  to: string;
  version?: string;
}

type LonLat = [number, number];

/** One scene's index image of the field, with where it lies. */
export interface SceneImage {
  sceneId: string;
  png: Blob;
  /** Top left, top right, bottom right, bottom left: MapLibre's image source takes them in this order. */
  corners: [LonLat, LonLat, LonLat, LonLat];
  pixelSizeM: number | null;
  simulated: boolean;
}

/** Every imagery query of a field starts with `imagery` and the field, so a finished analysis can refresh them. */
export const imageryKeys = {
  ofField: (fieldId: string) => ['imagery', fieldId] as const,
  scenes: (fieldId: string, index: CropHealthIndex) => ['imagery', fieldId, index, 'scenes'] as const,
  image: (fieldId: string, index: CropHealthIndex, sceneId: string) => ['imagery', fieldId, index, 'image', sceneId] as const,
};

/** The season's scenes of a field with their clear shares and statistics (read while the request waits). */
export const fieldScenesQuery = (fieldId: string, index: CropHealthIndex) =>
  queryOptions({
    queryKey: imageryKeys.scenes(fieldId, index),
    queryFn: async () => (await api.get<{ data: FieldImageryList }>(`/api/fields/${fieldId}/imagery?index=${index}`)).data,
    // New scenes arrive every few days: no need to read the catalogue again on every visit.
    staleTime: 10 * 60_000,
  });

/** The four corners the server sends with an image, checked: a bad header is an error, not a map in the sea. */
export function parseCorners(header: string | null): SceneImage['corners'] {
  const corners: unknown = header ? JSON.parse(header) : null;
  const isLonLat = (point: unknown) =>
    Array.isArray(point) && point.length === 2 && point.every((n) => typeof n === 'number' && Number.isFinite(n));
  if (!Array.isArray(corners) || corners.length !== 4 || !corners.every(isLonLat)) {
    throw new Error('The image came without its place on the map.');
  }
  return corners as SceneImage['corners'];
}

/**
 * The path of a scene's index image, asked within a period (or without, as the field page's thumbnail does). An
 * offline field pack keeps the image under exactly this path, so the service worker finds it.
 */
export const sceneImagePath = (fieldId: string, sceneId: string, index: string, period?: ImagePeriod) =>
  `/api/fields/${fieldId}/imagery/${encodeURIComponent(sceneId)}/${index}.png${period ? `?${imageQuery(period)}` : ''}`;

/** The period, and the version when known: an image asked with it is kept by the browser for good. */
const imageQuery = ({ from, to, version }: ImagePeriod) => new URLSearchParams({ from, to, ...(version ? { v: version } : {}) }).toString();

/** The image period of a scene list: its period and the field's image version. */
export const imagePeriodOf = (list: FieldImageryList): ImagePeriod => ({ from: list.from, to: list.to, version: list.imageVersion });

/**
 * One scene's index image of the field (PNG on the legend's colours, cloud grey, outside the field clear), asked
 * within the period the scene list was read for, so the server finds the scene among the same ones.
 */
export const sceneImageQuery = (fieldId: string, index: CropHealthIndex, sceneId: string, period: ImagePeriod) =>
  queryOptions({
    queryKey: imageryKeys.image(fieldId, index, sceneId),
    queryFn: async (): Promise<SceneImage> => {
      const response = await apiResponse(sceneImagePath(fieldId, sceneId, index, period));
      const pixelSize = Number(response.headers.get('x-image-pixel-size-m'));
      return {
        sceneId,
        corners: parseCorners(response.headers.get('x-image-corners')),
        pixelSizeM: Number.isFinite(pixelSize) && pixelSize > 0 ? pixelSize : null,
        simulated: response.headers.get('x-imagery-simulated') === 'true',
        png: await response.blob(),
      };
    },
    // A scene's image never changes (a new boundary gives new keys through a refresh of the field's imagery).
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    // A Blob cannot be kept as query data on the device; an offline field pack keeps the image response instead.
    meta: { keepOffline: false },
  });
