/**
 * STAC items shaped like Earth Search v1's `sentinel-2-l2a` and `landsat-c2-l2` items over the Harare area
 * (UTM 36S), trimmed to the fields the engine reads plus a few it ignores.
 */

const cogType = 'image/tiff; application=geotiff; profile=cloud-optimized';

type Overrides = {
  properties?: Record<string, unknown>;
  /** An asset set to undefined is removed. */
  assets?: Record<string, unknown>;
};

function withOverrides(item: Record<string, unknown>, overrides: Overrides): Record<string, unknown> {
  const properties = { ...(item.properties as Record<string, unknown>), ...overrides.properties };
  const assets: Record<string, unknown> = { ...(item.assets as Record<string, unknown>), ...overrides.assets };
  for (const [key, value] of Object.entries(assets)) if (value === undefined) delete assets[key];
  return { ...item, properties, assets };
}

const sentinel2Bands: Array<[asset: string, file: string, metres: number]> = [
  ['blue', 'B02', 10],
  ['green', 'B03', 10],
  ['red', 'B04', 10],
  ['rededge1', 'B05', 20],
  ['rededge2', 'B06', 20],
  ['rededge3', 'B07', 20],
  ['nir', 'B08', 10],
  ['nir08', 'B8A', 20],
  ['swir16', 'B11', 20],
  ['swir22', 'B12', 20],
];

/** A Sentinel-2 L2A item, processing baseline 05.10, pixels already offset (`earthsearch:boa_offset_applied`). */
export function sentinel2ItemFixture(id: string, datetime: string, overrides: Overrides = {}): Record<string, unknown> {
  const folder = `https://sentinel-cogs.s3.us-west-2.amazonaws.com/sentinel-s2-l2a-cogs/36/K/VE/2024/1/${id}`;
  const assets: Record<string, unknown> = {};
  for (const [asset, file, metres] of sentinel2Bands) {
    assets[asset] = {
      href: `${folder}/${file}.tif`,
      type: cogType,
      roles: ['data', 'reflectance'],
      gsd: metres,
      'proj:shape': [109800 / metres, 109800 / metres],
      'proj:transform': [metres, 0, 300000, 0, -metres, 8100040],
      'raster:bands': [{ nodata: 0, data_type: 'uint16', bits_per_sample: 15, spatial_resolution: metres, scale: 0.0001, offset: -0.1 }],
    };
  }
  assets.scl = {
    href: `${folder}/SCL.tif`,
    type: cogType,
    roles: ['data'],
    'proj:shape': [5490, 5490],
    'proj:transform': [20, 0, 300000, 0, -20, 8100040],
    'raster:bands': [{ nodata: 0, data_type: 'uint8', spatial_resolution: 20, unit: 'none' }],
  };
  assets.thumbnail = { href: `${folder}/thumbnail.jpg`, type: 'image/jpeg', roles: ['thumbnail'] };
  assets['red-jp2'] = { href: `s3://sentinel-s2-l2a/tiles/36/K/VE/2024/1/15/0/R10m/B04.jp2`, type: 'image/jp2', roles: ['data'] };

  return withOverrides(
    {
      type: 'Feature',
      stac_version: '1.0.0',
      id,
      collection: 'sentinel-2-l2a',
      bbox: [31.0, -18.2, 32.0, -17.3],
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [31.0, -17.3],
            [32.0, -17.3],
            [32.0, -18.2],
            [31.0, -18.2],
            [31.0, -17.3],
          ],
        ],
      },
      properties: {
        datetime,
        created: '2024-01-15T12:31:45.103Z',
        platform: 'sentinel-2b',
        constellation: 'sentinel-2',
        instruments: ['msi'],
        'eo:cloud_cover': 12.4,
        'proj:epsg': 32736,
        'mgrs:utm_zone': 36,
        'mgrs:latitude_band': 'K',
        'mgrs:grid_square': 'VE',
        'view:sun_azimuth': 96.8,
        'view:sun_elevation': 64.2,
        's2:processing_baseline': '05.10',
        's2:vegetation_percentage': 71.3,
        'earthsearch:boa_offset_applied': true,
      },
      links: [
        {
          rel: 'self',
          type: 'application/geo+json',
          href: `https://earth-search.aws.element84.com/v1/collections/sentinel-2-l2a/items/${id}`,
        },
        { rel: 'parent', type: 'application/json', href: 'https://earth-search.aws.element84.com/v1/collections/sentinel-2-l2a' },
      ],
      assets,
    },
    overrides,
  );
}

const landsatBands: Array<[asset: string, file: string]> = [
  ['blue', 'SR_B2'],
  ['green', 'SR_B3'],
  ['red', 'SR_B4'],
  ['nir08', 'SR_B5'],
  ['swir16', 'SR_B6'],
  ['swir22', 'SR_B7'],
];

/** A Landsat 9 Collection 2 Level-2 item (path 170, row 072) with surface reflectance scale and offset. */
export function landsatItemFixture(id: string, datetime: string, overrides: Overrides = {}): Record<string, unknown> {
  const folder = `https://landsatlook.usgs.gov/data/collection02/level-2/standard/oli-tirs/2024/170/072/${id}`;
  const assets: Record<string, unknown> = {};
  for (const [asset, file] of landsatBands) {
    assets[asset] = {
      href: `${folder}/${id}_${file}.TIF`,
      type: cogType,
      roles: ['data', 'reflectance'],
      'raster:bands': [{ nodata: 0, data_type: 'uint16', spatial_resolution: 30, unit: 'none', scale: 0.0000275, offset: -0.2 }],
    };
  }
  assets.qa_pixel = {
    href: `${folder}/${id}_QA_PIXEL.TIF`,
    type: cogType,
    roles: ['cloud', 'cloud-shadow', 'snow-ice', 'water-mask'],
    'raster:bands': [{ nodata: 1, data_type: 'uint16', spatial_resolution: 30, unit: 'bit index' }],
  };
  assets.lwir11 = {
    href: `${folder}/${id}_ST_B10.TIF`,
    type: cogType,
    roles: ['data', 'temperature'],
    'raster:bands': [{ nodata: 0, data_type: 'uint16', spatial_resolution: 30, unit: 'kelvin', scale: 0.00341802, offset: 149.0 }],
  };

  return withOverrides(
    {
      type: 'Feature',
      stac_version: '1.0.0',
      id,
      collection: 'landsat-c2-l2',
      bbox: [30.3, -19.1, 32.1, -17.0],
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [30.7, -17.0],
            [32.1, -17.3],
            [31.7, -19.1],
            [30.3, -18.8],
            [30.7, -17.0],
          ],
        ],
      },
      properties: {
        datetime,
        platform: 'landsat-9',
        instruments: ['oli', 'tirs'],
        'eo:cloud_cover': 8.21,
        'view:off_nadir': 0,
        'view:sun_azimuth': 88.4,
        'view:sun_elevation': 60.9,
        'proj:epsg': 32636,
        'landsat:wrs_path': '170',
        'landsat:wrs_row': '072',
        'landsat:collection_category': 'T1',
        'landsat:correction': 'L2SP',
      },
      links: [
        {
          rel: 'self',
          type: 'application/geo+json',
          href: `https://earth-search.aws.element84.com/v1/collections/landsat-c2-l2/items/${id}`,
        },
      ],
      assets,
    },
    overrides,
  );
}
