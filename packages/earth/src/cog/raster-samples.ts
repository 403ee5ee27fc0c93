/** A band's samples, typed as the GeoTIFF stores them (a decoded tile or a window of one). */
export type RasterSamples = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array;
