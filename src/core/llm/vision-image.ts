import { sharp } from '../util/sharp-module';

/** The longest side of an image a vision model is sent: enough to read a window, a fraction of a 4K screenshot. */
export const VISION_MAX_SIDE = 1024;
const VISION_JPEG_QUALITY = 75;

const downscaled = new WeakMap<Buffer, Promise<Buffer>>();

/**
 * A screenshot as a vision model is sent it: at most `VISION_MAX_SIDE` pixels on its longest side,
 * as JPEG. An image already that small goes as it is. Remembered per buffer, so a frame sent by
 * several calls is scaled once; a buffer sharp cannot read goes as it is (the server says what it
 * thinks of it, and the call falls back like any other failure).
 */
export function visionImage(image: Buffer): Promise<Buffer> {
  let scaled = downscaled.get(image);
  if (!scaled) {
    scaled = scale(image);
    downscaled.set(image, scaled);
  }
  return scaled;
}

async function scale(image: Buffer): Promise<Buffer> {
  try {
    const { width = 0, height = 0 } = await sharp(image).metadata();
    if (Math.max(width, height) <= VISION_MAX_SIDE) return image;
    return await sharp(image)
      .resize(VISION_MAX_SIDE, VISION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: VISION_JPEG_QUALITY, mozjpeg: false })
      .toBuffer();
  } catch {
    return image;
  }
}
