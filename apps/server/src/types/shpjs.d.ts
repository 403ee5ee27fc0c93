// shpjs ships no type declarations; these cover the two parsers the boundary import calls.
declare module 'shpjs' {
  /**
   * The shapes of a .shp file as GeoJSON geometries (null for an empty shape), in the order of its records.
   * With a .prj (WKT) that proj4 understands, positions are converted to WGS 84 longitude/latitude; a .prj it
   * cannot read is ignored and positions come back as they are stored.
   */
  export function parseShp(shp: ArrayBufferView | ArrayBuffer, prj?: string): unknown[];
  /** The records of a .dbf file, one object per record keyed by column name; `cpg` names the text encoding. */
  export function parseDbf(dbf: ArrayBufferView | ArrayBuffer, cpg?: ArrayBufferView | string): Record<string, unknown>[];
}
