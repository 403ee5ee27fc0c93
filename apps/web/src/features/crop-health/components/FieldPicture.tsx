import type { PolygonBoundary } from '@murimi/core';
import { useEffect, useMemo, useState } from 'react';
import type { SceneImage } from '../api/imagery.ts';
import type { problemZoneFeatures } from '../health-summary.ts';
import { PROBLEM_ZONE_COLOUR } from '../problem-zones.ts';

export interface FieldPictureProps {
  /** Accessible name of the picture: the index and the field, as the map's. */
  label: string;
  /** West, south, east, north of the field. */
  bounds: [number, number, number, number];
  outline: PolygonBoundary;
  /** The scene and its image; null while none is chosen or loaded. */
  overlay: { sceneId: string; image: SceneImage } | null;
  problemZones: ReturnType<typeof problemZoneFeatures>;
}

/** Web Mercator, as the map draws: x and y in radians, y growing southwards like the screen's. */
const mercatorX = (lon: number) => (lon * Math.PI) / 180;
const mercatorY = (lat: number) => -Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));

const ringsPath = (rings: number[][][]) =>
  rings.map((ring) => `M${ring.map(([lon, lat]) => `${mercatorX(lon!)},${mercatorY(lat!)}`).join('L')}Z`).join('');

/**
 * The scene's index image over the field's outline and problem areas, drawn as an SVG with no map library: what the
 * farmer came for shows as soon as the image has arrived, while the map (about 250 kB more on a slow network) is
 * still on its way, and stays where the phone cannot draw the map. The same projection and place as the map's, so
 * the map takes over without the field moving. `data-image-scene` names the scene once its image is decoded and
 * in the picture.
 */
export function FieldPicture({ label, bounds, outline, overlay, problemZones }: FieldPictureProps) {
  const [west, south, east, north] = bounds;
  // The image as an object URL for as long as this scene is shown (React may make it twice in development: both go).
  const png = overlay?.image.png ?? null;
  const imageUrl = useMemo(() => (png ? URL.createObjectURL(png) : null), [png]);
  useEffect(() => () => void (imageUrl && URL.revokeObjectURL(imageUrl)), [imageUrl]);
  /** The object URL whose image the browser has decoded, ready to paint. */
  const [decodedUrl, setDecodedUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!imageUrl) return;
    let current = true;
    const decoding = new Image();
    decoding.src = imageUrl;
    decoding.decode().then(
      () => current && setDecodedUrl(imageUrl),
      () => {}, // an image that cannot be decoded leaves the outline alone on the picture
    );
    return () => {
      current = false;
    };
  }, [imageUrl]);
  const drawnScene = overlay && imageUrl !== null && decodedUrl === imageUrl ? overlay.sceneId : null;

  const [topLeft, topRight, , bottomLeft] = overlay?.image.corners ?? [];
  const x = mercatorX(west);
  const y = mercatorY(north);
  const width = mercatorX(east) - x;
  const height = mercatorY(south) - y;
  return (
    <div className="h-full w-full bg-[#e7e5d8] p-8" data-testid="field-picture" data-image-scene={drawnScene ?? ''}>
      <svg
        role="img"
        aria-label={label}
        className="h-full w-full"
        viewBox={`${x} ${y} ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
      >
        {imageUrl && overlay && topLeft && topRight && bottomLeft && (
          <image
            href={imageUrl}
            x={mercatorX(topLeft[0])}
            y={mercatorY(topLeft[1])}
            width={mercatorX(topRight[0]) - mercatorX(topLeft[0])}
            height={mercatorY(bottomLeft[1]) - mercatorY(topLeft[1])}
            preserveAspectRatio="none"
            opacity={0.9}
            // Each 10 m (or 20 m) pixel stays a square of one reading, as on the map.
            style={{ imageRendering: 'pixelated' }}
          />
        )}
        <path d={ringsPath(outline.coordinates)} fill="none" stroke="#ffffff" strokeWidth={2.5} vectorEffect="non-scaling-stroke" />
        {problemZones.features.map((zone) => (
          <path
            key={zone.id}
            d={ringsPath(zone.geometry.coordinates)}
            fill="none"
            stroke={PROBLEM_ZONE_COLOUR}
            strokeWidth={3}
            strokeDasharray="6 3"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
    </div>
  );
}
