import { VISIT_PHOTO_LONG_EDGE_PX } from '@murimi/core';

/** JPEG quality the photos are sent at: leaf lesions and larvae stay readable at about 100–300 KB a photo. */
const JPEG_QUALITY = 0.7;

/** The size a photo is drawn at: its long edge at most `longEdgePx`, never enlarged. */
export function resizedSize(width: number, height: number, longEdgePx = VISIT_PHOTO_LONG_EDGE_PX): { width: number; height: number } {
  const scale = Math.min(1, longEdgePx / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Base64 of a blob's bytes, without the `data:` prefix (what the API takes). */
async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/**
 * A camera photo made ready to send from a phone: decoded (turned upright as the camera said), drawn at most
 * 1280 px on its long edge and encoded as JPEG, so a 4 MB camera file leaves the phone as ~200 KB. Throws when the
 * browser cannot decode the file.
 */
export async function photoForUpload(file: Blob): Promise<{ jpegBase64: string; previewUrl: string }> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = resizedSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas on this browser.');
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const jpeg = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))), 'image/jpeg', JPEG_QUALITY),
  );
  return { jpegBase64: await base64Of(jpeg), previewUrl: URL.createObjectURL(jpeg) };
}
