import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  ValidateNotSelfIntersecting,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { CIRCLE_COLOUR, POLYGON_COLOUR } from '../maps/basemap.ts';

type MapLibre = typeof import('maplibre-gl');

interface DrawingOptions {
  /** Told when a corner was refused because the boundary would cross itself. */
  onSelfIntersection: () => void;
}

const WHITE = '#ffffff';
/** A shape's colour by what it is, also while selected for editing: polygons green, circles amber (spec §9). */
const colourOf = (feature: GeoJSONStoreFeatures) => (feature.properties.mode === 'circle' ? CIRCLE_COLOUR : POLYGON_COLOUR);

/**
 * The drawing library on a map, with the editor's three modes: `select` (editing the shape: the spec's "none"),
 * `polygon` and `circle`. Polygons are green and circles amber (spec §9); a polygon that would cross itself is
 * refused while it is drawn and while its corners are dragged.
 */
export function startDrawing(maplibre: MapLibre, map: MapLibreMap, { onSelfIntersection }: DrawingOptions): TerraDraw {
  const notSelfIntersecting = (feature: GeoJSONStoreFeatures, context: { updateType: string }) => {
    if (context.updateType === 'provisional') return { valid: true };
    const result = ValidateNotSelfIntersecting(feature);
    if (!result.valid) onSelfIntersection();
    return result;
  };
  const polygonStyle = { fillColor: POLYGON_COLOUR, fillOpacity: 0.25, outlineColor: POLYGON_COLOUR, outlineWidth: 3 } as const;
  const circleStyle = { fillColor: CIRCLE_COLOUR, fillOpacity: 0.25, outlineColor: CIRCLE_COLOUR, outlineWidth: 3 } as const;
  /** A circle is resized by dragging its edge: its 64 corner handles would only clutter it, so they are not drawn. */
  const handleWidth = (width: number) => (point: GeoJSONStoreFeatures) => {
    const shapeId = point.properties.selectionPointFeatureId as string | undefined;
    return shapeId && draw.getSnapshotFeature(shapeId)?.properties.mode === 'circle' ? 0 : width;
  };
  const draw: TerraDraw = new TerraDraw({
    adapter: new TerraDrawMapLibreGLAdapter({ map, lib: maplibre } as never),
    modes: [
      new TerraDrawPolygonMode({
        validation: notSelfIntersecting as never,
        pointerDistance: 30, // a fingertip: closing the ring on a phone should not need a stylus
        styles: {
          ...polygonStyle,
          closingPointColor: WHITE,
          closingPointOutlineColor: POLYGON_COLOUR,
          closingPointWidth: 8,
          closingPointOutlineWidth: 3,
        },
      }),
      new TerraDrawCircleMode({ projection: 'globe', styles: circleStyle }),
      new TerraDrawSelectMode({
        pointerDistance: 30,
        flags: {
          polygon: {
            feature: {
              draggable: true,
              validation: notSelfIntersecting as never,
              coordinates: { draggable: true, midpoints: true, deletable: true },
            },
          },
          circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
        },
        styles: {
          selectedPolygonColor: colourOf,
          selectedPolygonFillOpacity: 0.3,
          selectedPolygonOutlineColor: colourOf,
          selectedPolygonOutlineWidth: 3,
          selectionPointColor: WHITE,
          selectionPointOutlineColor: '#14532d',
          selectionPointWidth: handleWidth(7),
          selectionPointOutlineWidth: handleWidth(2),
          midPointColor: WHITE,
          midPointOutlineColor: colourOf,
          midPointWidth: 4,
        },
      }),
    ],
  });
  draw.start();
  return draw;
}
