import { cropCatalogue } from '@murimi/core';

/** Crop id → name in the catalogue bundled with core (loaded on its own by `crop-names.ts`). */
export const bundledCropNames = (): Map<string, string> => new Map(cropCatalogue.map((crop) => [crop.id, crop.name]));
